import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { reviewQueue } from '../operator-core/queue.ts';
import { decideKyc, kycQueue } from './review.ts';

/** The KYC review queue under /api/admin: the user's papers, pass, or reject with a reason. */
export const kycOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    reviewQueue({
      endpoints: {
        list: endpoints.operatorKyc,
        pass: endpoints.operatorKycPass,
        reject: endpoints.operatorKycReject,
      },
      target: 'kyc',
      list: kycQueue,
      decide: decideKyc,
    }),
  );
};
