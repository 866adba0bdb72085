import type { Route } from '../endpoint.ts';

/** Trading bots: recurring buys. */
export const botRoutes = {
  botsList: 'GET /bots',
  botsRecurring: 'POST /bots/recurring',
  botsDetail: 'GET /bots/:id',
  botsStop: 'POST /bots/:id/stop',
} as const satisfies Record<string, Route>;

/** Bots in the console: every user's, and pausing a pair's. */
export const botOperatorRoutes = {
  operatorBots: 'GET /admin/bots',
  operatorBotsPause: 'PUT /admin/bots/pairs/:symbol',
} as const satisfies Record<string, Route>;
