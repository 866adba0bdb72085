import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app.ts';
import { optionOperatorRoutes } from './operator.ts';
import { optionRoutes } from './routes.ts';
import { OptionSettlement, type SettlementOptions } from './settlement.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settlement of timed options: `runOnce(now)` (tests), `start()` (main.ts). */
    optionSettlement: OptionSettlement;
  }
}

/** Timed options: the microtrade routes under /api and the settlement job (stopped on close). */
export const timedOptions = fp<{ settlement?: SettlementOptions }>(async (fastify, options) => {
  const app = fastify as unknown as App;
  const settlement = new OptionSettlement(app, options.settlement);
  fastify.decorate('optionSettlement', settlement);
  fastify.addHook('onClose', async () => settlement.stop());
  await fastify.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(optionRoutes);
      await typed.register(optionOperatorRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
});
