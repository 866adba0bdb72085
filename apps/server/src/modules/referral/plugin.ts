import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settleRebates } from './rebates.ts';
import { referralRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    referral: { runOnce(): Promise<number>; start(everyMs?: number): void };
  }
}

/** The referral programme: its routes, and the job that pays rebates from the fee records. */
export const referralProgramme = fp(async (app) => {
  let timer: NodeJS.Timeout | undefined;
  const runOnce = async () => {
    let handled = 0;
    for (let n = -1; n !== 0; handled += n)
      n = await settleRebates(app.ledger, app.config.referralRate, app.clock.now());
    return handled;
  };
  app.decorate('referral', {
    runOnce,
    start(everyMs = 15_000) {
      timer = setInterval(() => {
        runOnce().catch((err: unknown) => app.log.error({ err }, 'referral rebates failed'));
      }, everyMs);
      timer.unref();
    },
  });
  app.addHook('onClose', async () => clearInterval(timer));
  await app.register(
    async (api) => {
      await api.withTypeProvider<ZodTypeProvider>().register(referralRoutes);
    },
    { prefix: '/api' },
  );
});
