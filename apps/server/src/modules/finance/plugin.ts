import { FinanceJob } from './job.ts';
import { financeOperatorRoutes } from './operator.ts';
import { financeRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';
import { hearOthers } from '../../lib/bus.ts';
import { forgetProducts, PRODUCTS_SUBJECT } from './products.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily interest job: `runOnce(now)` for tests, `start()` from main.ts. */
    finance: FinanceJob;
  }
}

/** Wealth: the `lh/deposit` routes under /api and the interest job (stopped on close). */
export const financeModule = serverModule({
  name: 'finance',
  dependencies: ['coins', 'operator-core', 'wallet'],
  async setup(app) {
    const job = new FinanceJob(app.db, app.clock, app.log.child({ module: 'finance' }), app.ledger);
    app.decorate('finance', job);
    app.addHook('onClose', async () => job.stop());
    if (app.bus.clustered) hearOthers(app.bus, PRODUCTS_SUBJECT, () => forgetProducts(app.db));
  },
  routes: financeRoutes,
  operatorRoutes: financeOperatorRoutes,
});
