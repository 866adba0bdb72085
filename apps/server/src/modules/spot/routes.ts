import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageOf,
  spotCancelBody,
  spotListQuery,
  spotOrder,
  spotOrderDetail,
  spotOrderQuery,
  spotPair,
  spotPlaceBody,
} from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { assertCanMove } from '../wallet/coins.ts';
import { keyOf, requestHash } from '../wallet/idempotency.ts';
import { idempotencyHeader } from '../wallet/routes.ts';

const tags = ['spot'];
const security = [{ token: [] }];

/** Spot orders: place, cancel, list, detail; and the pairs with their units and fees. */
export const spotRoutes: FastifyPluginAsyncZod = async (app) => {
  const spot = app.spot;

  app.get(
    '/coin/pairs',
    {
      schema: {
        tags,
        summary: 'Spot pairs: decimals, tick, step and maker/taker fee rates',
        response: { 200: okSchema(z.array(spotPair)) },
      },
    },
    async () => ok(spot.pairViews()),
  );

  app.post(
    '/coin/trade',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Place a limit, market, stop-limit, stop-market or OCO order; answered after it is matched and durable. A market buy buys `amount` base at most, bounded by the quote balance. Limit orders take `time_in_force` (gtc, ioc, fok) and `post_only`; stop orders wait for the last trade price to reach `stop_price`; an OCO answers with its limit order (`oco_id` names the stop-limit)',
        headers: idempotencyHeader,
        body: spotPlaceBody,
        response: { 200: okSchema(spotOrder) },
      },
    },
    async (request) => {
      const user = userOf(request);
      assertCanMove(user);
      const key = keyOf(request);
      const route = request.routeOptions.url ?? request.url;
      const idem = key
        ? { userId: user.id, key, route, hash: requestHash(route, request.body) }
        : undefined;
      return ok(await spot.place(user.id, request.body, idem));
    },
  );

  app.put(
    '/coin/trade',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Cancel an open order (a pending stop too; both orders of an OCO); what it still holds frozen returns to available',
        body: spotCancelBody,
        response: { 200: okSchema(spotOrder) },
      },
    },
    async (request) => ok(await spot.cancel(userOf(request).id, request.body.id)),
  );

  app.get(
    '/coin/list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The user's orders, newest first; status waiting, completed, cancelled or history",
        querystring: spotListQuery,
        response: { 200: okSchema(pageOf(spotOrder)) },
      },
    },
    async (request) => ok(await spot.list(userOf(request).id, request.query)),
  );

  app.get(
    '/coin/order',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One order with its fills',
        querystring: spotOrderQuery,
        response: { 200: okSchema(spotOrderDetail) },
      },
    },
    async (request) => ok(await spot.order(userOf(request).id, request.query.id)),
  );
};
