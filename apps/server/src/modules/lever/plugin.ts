import { leverOperatorRoutes } from './operator.ts';
import { leverRoutes } from './routes.ts';
import { LeverService } from './service.ts';
import { TriggerRunner } from './triggers.ts';
import { shareTriggers } from './cluster.ts';
import { serverModule } from '../../lib/module.ts';
import { hearOthers } from '../../lib/bus.ts';
import { forgetPairs } from './pairs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Perpetual contracts: the service and its trigger runner (`lever.triggers.idle()` in tests). */
    lever: LeverService;
  }
}

/**
 * Perpetual contracts: routes under /api/lever, and the triggers (stops, limit entries,
 * liquidation) rebuilt from the open positions and run on every recorded tick of the market.
 */
export const leverModule = serverModule({
  name: 'lever',
  dependencies: ['coins', 'notifications', 'operator-core'],
  async setup(app) {
    const triggers = new TriggerRunner(app);
    await triggers.start();
    if (app.bus.clustered) {
      await shareTriggers(triggers, app);
      // Pairs edited in the console on another process: opens and triggers here follow.
      hearOthers(app.bus, 'hx.lever.pairs', () => {
        forgetPairs(app.db);
        triggers.reloadPairs().catch((err: unknown) => app.log.error({ err }, 'reloading pairs'));
      });
    }
    const service = new LeverService(app, triggers);
    app.decorate('lever', service);
    app.addHook('onClose', async () => triggers.stop());
  },
  routes: async (api) => api.register(leverRoutes, { service: api.lever }),
  operatorRoutes: leverOperatorRoutes,
});
