import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWithdrawalReview, moneyQueueQuery } from '@hx/protocol';
import { reviewQueue } from '../operator/queue.ts';
import { fourEyesQueue, fourEyesRoutes } from './four-eyes.ts';

/** The withdrawal review queue under /api/admin, with four eyes on large withdrawals. */
export const withdrawOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const fourEyes = fourEyesQueue(app);
  await app.register(fourEyesRoutes);
  await app.register(
    reviewQueue({
      path: '/withdrawals',
      target: 'withdrawal',
      label: 'Withdrawal',
      query: moneyQueueQuery,
      item: adminWithdrawalReview,
      list: fourEyes.list,
      decide: fourEyes.decide,
    }),
  );
};
