import type { Route } from '../endpoint.ts';

/** The index (median of the venues) the contracts, options and alerts go by. */
export const indexRoutes = {
  indexPrice: 'GET /index',
} as const satisfies Record<string, Route>;

/** The console's view of the index's venues. */
export const indexOperatorRoutes = {
  operatorIndex: 'GET /admin/index',
} as const satisfies Record<string, Route>;
