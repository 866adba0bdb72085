import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminKyc, kycQueueQuery } from '@hx/protocol';
import { reviewQueue } from '../operator/queue.ts';
import { decideKyc, kycQueue } from './review.ts';

/** The KYC review queue under /api/admin: the user's papers, pass, or reject with a reason. */
export const kycOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    reviewQueue({
      path: '/kyc',
      target: 'kyc',
      label: 'KYC',
      query: kycQueueQuery,
      item: adminKyc,
      list: kycQueue,
      decide: decideKyc,
    }),
  );
};
