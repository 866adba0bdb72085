import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FinanceJob } from './job.ts';
import { financeOperatorRoutes } from './operator.ts';
import { financeRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily interest job: `runOnce(now)` for tests, `start()` from main.ts. */
    finance: FinanceJob;
  }
}

/** Wealth: the `lh/deposit` routes under /api and the interest job (stopped on close). */
export const finance = fp(async (app) => {
  const job = new FinanceJob(app.db, app.clock, app.log.child({ module: 'finance' }), app.ledger);
  app.decorate('finance', job);
  app.addHook('onClose', async () => job.stop());
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(financeRoutes);
      await typed.register(financeOperatorRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
});
