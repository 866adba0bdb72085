import type { Route } from '../endpoint.ts';

/** A user's price alerts. */
export const alertRoutes = {
  alertList: 'GET /alerts',
  alertCreate: 'POST /alerts',
  alertDelete: 'POST /alerts/:id/delete',
} as const satisfies Record<string, Route>;
