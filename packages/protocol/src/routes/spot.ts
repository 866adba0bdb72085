import type { Route } from '../endpoint.ts';

/** Spot orders and pairs. */
export const spotRoutes = {
  spotPairs: 'GET /coin/pairs',
  spotPlace: 'POST /coin/trade',
  spotCancel: 'PUT /coin/trade',
  spotOrders: 'GET /coin/list',
  spotOrder: 'GET /coin/order',
} as const satisfies Record<string, Route>;
