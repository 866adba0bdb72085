import type { Route } from '../endpoint.ts';

/** Withdrawals: the request and the records. */
export const withdrawRoutes = {
  withdrawRequest: 'POST /wallet/out',
  withdrawRecords: 'GET /charge_mention/log3',
} as const satisfies Record<string, Route>;
