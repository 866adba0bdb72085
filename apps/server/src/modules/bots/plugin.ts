import { serverModule } from '../../lib/module.ts';
import { BotsJob } from './job.ts';
import { botOperatorRoutes } from './operator.ts';
import { botRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The recurring buys' job: `runOnce(now)` for tests, `start()` from main.ts. */
    bots: BotsJob;
  }
}

/** Trading bots: recurring buys through the spot engine (their orders `hxbot-`…); the console's view. */
export const botsModule = serverModule({
  name: 'bots',
  dependencies: ['coins', 'notifications', 'operator-core', 'spot'],
  async setup(app) {
    const job = new BotsJob(app, app.log.child({ module: 'bots' }));
    app.decorate('bots', job);
    app.addHook('onClose', async () => job.stop());
  },
  routes: botRoutes,
  operatorRoutes: botOperatorRoutes,
});
