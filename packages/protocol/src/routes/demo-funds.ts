import type { Route } from '../endpoint.ts';

/** Demo mode only: a user tops up demo funds (a wallet route, in the docs under wallet). */
export const demoFundsRoutes = {
  demoFundsTopUp: 'POST /wallet/demo_funds',
  demoFundsStatus: 'GET /wallet/demo_funds',
} as const satisfies Record<string, Route>;
