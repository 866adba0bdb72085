import type { Route } from '../endpoint.ts';

/** Trading bots: recurring buys. */
export const botRoutes = {
  botsList: 'GET /bots',
  botsRecurring: 'POST /bots/recurring',
  botsDetail: 'GET /bots/:id',
  botsStop: 'POST /bots/:id/stop',
} as const satisfies Record<string, Route>;
