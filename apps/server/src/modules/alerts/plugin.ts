import { alertRoutes } from './routes.ts';
import { AlertService } from './service.ts';
import { AlertTrigger } from './trigger.ts';
import { serverModule } from '../../lib/module.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price alerts: the service and its trigger (`alerts.trigger.idle()` in tests). */
    alerts: { service: AlertService; trigger: AlertTrigger };
  }
}

/** Price alerts under /api, fired on the market's recorded ticks. */
export const alertsModule = serverModule({
  name: 'alerts',
  dependencies: ['market'],
  async setup(app) {
    const trigger = new AlertTrigger(app);
    await trigger.start();
    const service = new AlertService(app, trigger);
    app.decorate('alerts', { service, trigger });
    app.addHook('onClose', async () => trigger.stop());
  },
  routes: async (api) => api.register(alertRoutes, { service: api.alerts.service }),
});
