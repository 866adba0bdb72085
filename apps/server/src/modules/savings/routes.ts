import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { overview, redeem, setAutoSubscribe, subscribe } from './service.ts';

const security = [{ token: [] }];

/** Flexible savings under /api/savings. */
export const savingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.savingsOverview, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await overview(app, userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.savingsSubscribe, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await subscribe(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.savingsRedeem, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await redeem(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.savingsAutoSubscribe, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await setAutoSubscribe(app, userContextOf(request), request.body)),
  });
};
