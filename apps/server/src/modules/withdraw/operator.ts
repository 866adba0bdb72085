import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { reviewQueue } from '../operator-core/queue.ts';
import { fourEyesQueue, fourEyesRoutes } from './four-eyes.ts';

/** The withdrawal review queue under /api/admin, with four eyes on large withdrawals. */
export const withdrawOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const fourEyes = fourEyesQueue(app);
  await app.register(fourEyesRoutes);
  await app.register(
    reviewQueue({
      endpoints: {
        list: endpoints.operatorWithdrawals,
        pass: endpoints.operatorWithdrawalPass,
        reject: endpoints.operatorWithdrawalReject,
      },
      target: 'withdrawal',
      list: fourEyes.list,
      decide: fourEyes.decide,
    }),
  );
};
