import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationRoutes } from './routes.ts';

/**
 * The notification centre under /api. Outcomes store their notifications themselves, in their
 * own transactions (`notify`, `AfterCommit` in notify.ts), and push them after the commit.
 */
export const notificationCentre = fp(async (app) => {
  await app.register(
    async (api) => {
      await api.withTypeProvider<ZodTypeProvider>().register(notificationRoutes);
    },
    { prefix: '/api' },
  );
});
