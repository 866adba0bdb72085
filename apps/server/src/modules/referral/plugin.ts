import { settleRebates } from './rebates.ts';
import { referralRoutes } from './routes.ts';
import { serverModule } from '../../lib/module.ts';

declare module 'fastify' {
  interface FastifyInstance {
    referral: { runOnce(): Promise<number>; start(everyMs?: number): void };
  }
}

/** The referral programme: its routes, and the job that pays rebates from the fee records. */
export const referralModule = serverModule({
  name: 'referral',
  dependencies: ['coins', 'user'],
  async setup(app) {
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
  },
  routes: referralRoutes,
});
