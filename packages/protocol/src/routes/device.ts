import type { Route } from '../endpoint.ts';

/** The user's devices (live sessions) and login history. */
export const deviceRoutes = {
  deviceSessions: 'GET /user/sessions',
  deviceRevoke: 'POST /user/sessions/:id/revoke',
  deviceRevokeOthers: 'POST /user/sessions/revoke_others',
  deviceLoginHistory: 'GET /user/login_history',
} as const satisfies Record<string, Route>;
