import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { spotRoutes } from '../routes/spot.ts';
import {
  spotCancelBody,
  spotListQuery,
  spotOrder,
  spotOrderDetail,
  spotOrderQuery,
  spotPair,
  spotPlaceBody,
} from '../spot.ts';

export const spotEndpoints = defineEndpoints('spot', spotRoutes, {
  spotPairs: {
    summary: 'Spot pairs: decimals, tick, step and maker/taker fee rates',
    response: z.array(spotPair),
  },
  spotPlace: {
    summary:
      'Place a limit, market, stop-limit, stop-market or OCO order; answered after it is matched and durable. A market buy buys `amount` base at most, bounded by the quote balance. Limit orders take `time_in_force` (gtc, ioc, fok) and `post_only`; stop orders wait for the last trade price to reach `stop_price`; an OCO answers with its limit order (`oco_id` names the stop-limit)',
    body: spotPlaceBody,
    response: spotOrder,
  },
  spotCancel: {
    summary:
      'Cancel an open order (a pending stop too; both orders of an OCO); what it still holds frozen returns to available',
    body: spotCancelBody,
    response: spotOrder,
  },
  spotOrders: {
    summary: "The user's orders, newest first; status waiting, completed, cancelled or history",
    query: spotListQuery,
    response: pageOf(spotOrder),
  },
  spotOrder: {
    summary: 'One order with its fills',
    query: spotOrderQuery,
    response: spotOrderDetail,
  },
});
