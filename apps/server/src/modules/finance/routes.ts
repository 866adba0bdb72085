import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import {
  buy,
  financeConfig as config,
  listOrders,
  listProducts,
  redeem,
  report,
} from './service.ts';

const security = [{ token: [] }];

/** Wealth (trust / custody): the `lh/deposit` routes of the spec. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.financeConfig),
    handler: async () => ok(config()),
  });

  app.route({
    ...routeOf(endpoints.financeProducts),
    handler: async () => ok(await listProducts(app)),
  });

  app.route({
    ...routeOf(endpoints.financeReport, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await report(app, userOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.financeBuy, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await buy(app, userContextOf(request, { idempotent: true }), request.body)),
  });

  app.route({
    ...routeOf(endpoints.financeOrders, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await listOrders(app, userOf(request).id, request.query)),
  });

  app.route({
    ...routeOf(endpoints.financeRedeem, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(await redeem(app, userContextOf(request, { idempotent: true }), request.body.id)),
  });
};
