import { SubscriptionJob } from './job.ts';
import { subscriptionOperatorRoutes } from './operator.ts';
import { subscriptionRoutes } from './routes.ts';
import { seedDemoProjects } from './seed.ts';
import { serverModule } from '../../lib/module.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** New-coin subscription: `runOnce(now)` allocates and releases; `start()` (main.ts) runs it. */
    subscription: {
      runOnce: SubscriptionJob['runOnce'];
      start(): Promise<void>;
    };
  }
}

/**
 * New-coin subscription: the routes under /api/lh/send and the allocation job. `start()` seeds the
 * demo projects (demo mode, when none exist) and runs the job; closing the app stops it.
 */
export const subscriptionModule = serverModule({
  name: 'subscription',
  dependencies: ['coins', 'kyc', 'operator-core'],
  async setup(app) {
    const job = new SubscriptionJob({
      ledger: app.ledger,
      clock: app.clock,
      log: app.log.child({ module: 'subscription' }),
    });
    app.decorate('subscription', {
      runOnce: (now?: Date) => job.runOnce(now),
      async start() {
        if (app.config.mode === 'demo') {
          try {
            const seeded = await seedDemoProjects(app.db, app.clock.now());
            if (seeded) app.log.info({ seeded }, 'demo subscription projects');
          } catch (err) {
            app.log.error({ err }, 'demo subscription projects were not seeded');
          }
        }
        job.start();
      },
    });
    app.addHook('onClose', () => job.stop());
  },
  routes: subscriptionRoutes,
  operatorRoutes: subscriptionOperatorRoutes,
});
