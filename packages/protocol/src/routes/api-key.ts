import type { Route } from '../endpoint.ts';

/** The user's API keys for programs. */
export const apiKeyRoutes = {
  apiKeyCreate: 'POST /user/api_keys',
  apiKeyList: 'GET /user/api_keys',
  apiKeyDelete: 'POST /user/api_keys/:id/delete',
} as const satisfies Record<string, Route>;
