import { serverModule } from '../../lib/module.ts';
import { optionOperatorRoutes } from './operator.ts';
import { forgetPeriods, PERIODS_SUBJECT } from './periods.ts';
import { optionRoutes } from './routes.ts';
import { OptionSettlement, type SettlementOptions } from './settlement.ts';
import { hearOthers } from '../../lib/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settlement of timed options: `runOnce(now)` (tests), `start()` (main.ts). */
    optionSettlement: OptionSettlement;
  }
}

/** Timed options: the microtrade routes under /api and the settlement job (stopped on close). */
export const optionsModule = serverModule<{ settlement?: SettlementOptions }>({
  name: 'options',
  dependencies: ['coins', 'notifications', 'operator-core'],
  setup(app, options) {
    const settlement = new OptionSettlement(app, options.settlement);
    app.decorate('optionSettlement', settlement);
    // Periods edited in the console on another process: orders here read the table anew.
    if (app.bus.clustered) hearOthers(app.bus, PERIODS_SUBJECT, () => forgetPeriods(app.db));
    app.addHook('onClose', async () => settlement.stop());
  },
  routes: optionRoutes,
  operatorRoutes: optionOperatorRoutes,
});
