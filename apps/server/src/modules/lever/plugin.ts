import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leverOperatorRoutes } from './operator.ts';
import { leverRoutes } from './routes.ts';
import { LeverService } from './service.ts';
import { TriggerRunner } from './triggers.ts';

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
export const leverContracts = fp(async (app) => {
  const triggers = new TriggerRunner(app);
  await triggers.start();
  const service = new LeverService(app, triggers);
  app.decorate('lever', service);
  app.addHook('onClose', async () => triggers.stop());
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(leverRoutes, { service });
      await typed.register(leverOperatorRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
});
