import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { assertCanMove } from '../wallet/coins.ts';
import { keyOf, requestHash } from '../wallet/idempotency.ts';

const security = [{ token: [] }];

/** Spot orders: place, cancel, list, detail; and the pairs with their units and fees. */
export const spotRoutes: FastifyPluginAsyncZod = async (app) => {
  const spot = app.spot;

  app.route({
    ...routeOf(endpoints.spotPairs),
    handler: async () => ok(spot.pairViews()),
  });

  app.route({
    ...routeOf(endpoints.spotPlace, { security, headers: idempotencyHeader }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = userOf(request);
      assertCanMove(user);
      const key = keyOf(request);
      const route = request.routeOptions.url ?? request.url;
      const idem = key
        ? { userId: user.id, key, route, hash: requestHash(route, request.body) }
        : undefined;
      return ok(await spot.place(user.id, request.body, idem));
    },
  });

  app.route({
    ...routeOf(endpoints.spotCancel, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await spot.cancel(userOf(request).id, request.body.id)),
  });

  app.route({
    ...routeOf(endpoints.spotOrders, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await spot.list(userOf(request).id, request.query)),
  });

  app.route({
    ...routeOf(endpoints.spotOrder, { security }),
    onRequest: app.authenticate,
    handler: async (request) => ok(await spot.order(userOf(request).id, request.query.id)),
  });
};
