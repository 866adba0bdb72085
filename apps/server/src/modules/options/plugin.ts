import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  const settlement = new OptionSettlement(fastify, options.settlement);
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
