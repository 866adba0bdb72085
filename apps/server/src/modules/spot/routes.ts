import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { userContextOf } from '../../plugins/request-context.ts';
import { idempotencyHeader, routeOf } from '../../lib/endpoint.ts';
import { assertCanMove } from '../coins/frozen.ts';

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
      const { user, claim } = userContextOf(request, { idempotent: true });
      assertCanMove(user);
      return ok(await spot.place(user.id, request.body, claim));
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
