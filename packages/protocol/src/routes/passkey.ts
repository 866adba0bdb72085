import type { Route } from '../endpoint.ts';

/** Passkeys: adding and removing them, and logging in with one. */
export const passkeyRoutes = {
  passkeyList: 'GET /user/passkeys',
  passkeyOptions: 'POST /user/passkeys/options',
  passkeyAdd: 'POST /user/passkeys',
  passkeyDelete: 'POST /user/passkeys/:id/delete',
  passkeyLoginOptions: 'POST /user/login/passkey/options',
  passkeyLogin: 'POST /user/login/passkey',
} as const satisfies Record<string, Route>;
