import { PorJob } from './job.ts';
import { porRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily proof-of-liabilities snapshot: `runOnce(now)` for tests, `start()` from main.ts. */
    por: PorJob;
  }
}

/** Proof of liabilities: the routes under /api and the daily snapshot (stopped on close). */
export const porModule = serverModule({
  name: 'por',
  dependencies: ['operator-core'],
  async setup(app) {
    const job = new PorJob(app.db, app.clock, app.log.child({ module: 'por' }));
    app.decorate('por', job);
    app.addHook('onClose', async () => job.stop());
  },
  routes: porRoutes,
});
