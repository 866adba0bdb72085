import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertRoutes } from './routes.ts';
import { AlertService } from './service.ts';
import { AlertTrigger } from './trigger.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price alerts: the service and its trigger (`alerts.trigger.idle()` in tests). */
    alerts: { service: AlertService; trigger: AlertTrigger };
  }
}

/** Price alerts under /api, fired on the market's recorded ticks. */
export const priceAlertsModule = fp(async (app) => {
  const trigger = new AlertTrigger(app);
  await trigger.start();
  const service = new AlertService(app, trigger);
  app.decorate('alerts', { service, trigger });
  app.addHook('onClose', async () => trigger.stop());
  await app.register(
    async (api) => {
      await api.withTypeProvider<ZodTypeProvider>().register(alertRoutes, { service });
    },
    { prefix: '/api' },
  );
});
