import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { DEMO_FUNDS, DEMO_TOP_UP_EVERY_MS, nextTopUpAt, topUpDemoFunds } from './funds.ts';

const amounts = DEMO_FUNDS.map((f) => f.amount).join(', ');

/** Demo mode only (not registered in production): a user tops up demo funds. */
export const demoFundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.demoFundsTopUp, {
      security: [{ token: [] }],
      description:
        `Credits USDT, BTC and ETH (${amounts}) from the treasury as one ledger entry, audited. ` +
        `Once per ${DEMO_TOP_UP_EVERY_MS / 60_000} minutes per user (429 DEMO_FUNDS_TOO_SOON ` +
        'with the minutes left). Not registered in production mode (404).',
      headers: idempotencyHeader,
    }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { user, claim } = userContextOf(request, { idempotent: true });
      assertCanMove(user);
      const at = app.clock.now();
      const result = await app.ledger.transaction((tx) => topUpDemoFunds(tx, user.id, at), {
        claim,
      });
      return ok(result);
    },
  });

  app.route({
    ...routeOf(endpoints.demoFundsStatus, {
      security: [{ token: [] }],
      description:
        '`{next_at}`: when the next top-up is allowed (epoch ms), null when it is now; the app ' +
        'counts down to it. Not registered in production mode (404).',
    }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = userOf(request);
      return ok({ next_at: await nextTopUpAt(app.db, user.id, app.clock.now()) });
    },
  });
};
