import { serverModule } from '../../lib/module.ts';
import { SavingsJob } from './job.ts';
import { savingsOperatorRoutes } from './operator.ts';
import { savingsRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly interest, daily payment and redemption job: `runOnce(now)` for tests. */
    savings: SavingsJob;
  }
}

/** Flexible savings: the /api/savings routes, the console's terms and the interest job. */
export const savingsModule = serverModule({
  name: 'savings',
  dependencies: ['coins', 'operator-core'],
  async setup(app) {
    const job = new SavingsJob(app, app.log.child({ module: 'savings' }));
    app.decorate('savings', job);
    app.addHook('onClose', async () => job.stop());
  },
  routes: savingsRoutes,
  operatorRoutes: savingsOperatorRoutes,
});
