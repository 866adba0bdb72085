import type { Route } from '../endpoint.ts';

/** Wealth (trust / custody), the spec's `lh/deposit` routes. */
export const financeRoutes = {
  financeConfig: 'GET /lh/deposit/config',
  financeProducts: 'GET /lh/deposit/product_info',
  financeReport: 'GET /lh/deposit/report',
  financeBuy: 'POST /lh/deposit',
  financeOrders: 'GET /lh/deposit/order',
  financeRedeem: 'POST /lh/deposit/order/cancel',
} as const satisfies Record<string, Route>;
