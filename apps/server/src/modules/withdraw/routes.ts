import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { requestWithdrawal, withdrawalLog } from './service.ts';

const security = [{ token: [] }];

export const withdrawRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.withdrawRequest, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(
        await requestWithdrawal(
          app,
          await app.coinNetworks.current(),
          userContextOf(request, { idempotent: true }),
          request.body,
        ),
      ),
  });

  app.route({
    ...routeOf(endpoints.withdrawRecords, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await withdrawalLog(app, userOf(request).id, request.query)),
  });
};
