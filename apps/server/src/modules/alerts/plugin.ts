import { alertRoutes } from './routes.ts';
import { AlertService } from './service.ts';
import { AlertTrigger } from './trigger.ts';
import { serverModule } from '../../lib/module.ts';
import { hearOthers, tellOthers } from '../../lib/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price alerts: the service and its trigger (`alerts.trigger.idle()` in tests). */
    alerts: { service: AlertService; trigger: AlertTrigger };
  }
}

/** Price alerts under /api, fired on the market's recorded ticks. */
export const alertsModule = serverModule({
  name: 'alerts',
  dependencies: ['lever', 'market', 'notifications'],
  async setup(app) {
    const trigger = new AlertTrigger(app);
    if (app.bus.clustered) {
      // Every process fires alerts (exactly once: the UPDATE is guarded), so every process's
      // book holds every waiting alert, wherever it was set. Heard before the book loads: an
      // alert set elsewhere while it loads is not missed.
      trigger.changed = (id) => tellOthers(app.bus, 'hx.alerts.changed', String(id));
      hearOthers(app.bus, 'hx.alerts.changed', (id) => {
        trigger.reread(Number(id)).catch(() => undefined);
      });
    }
    await trigger.start();
    const service = new AlertService(app, trigger);
    app.decorate('alerts', { service, trigger });
    app.addHook('onClose', async () => trigger.stop());
  },
  routes: async (api) => api.register(alertRoutes, { service: api.alerts.service }),
});
