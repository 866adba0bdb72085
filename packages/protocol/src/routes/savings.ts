import type { Route } from '../endpoint.ts';

/** Flexible savings: products with the user's holdings, subscribe, redeem, auto-subscribe. */
export const savingsRoutes = {
  savingsOverview: 'GET /savings',
  savingsSubscribe: 'POST /savings/subscribe',
  savingsRedeem: 'POST /savings/redeem',
  savingsAutoSubscribe: 'POST /savings/auto',
} as const satisfies Record<string, Route>;

/** The console's terms of flexible savings, per coin. */
export const savingsOperatorRoutes = {
  operatorSavingsProducts: 'GET /admin/config/savings-products',
  operatorSavingsProductSave: 'PUT /admin/config/savings-products/:currency_id',
} as const satisfies Record<string, Route>;
