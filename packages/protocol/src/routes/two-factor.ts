import type { Route } from '../endpoint.ts';

/** The user's authenticator app (TOTP). */
export const twoFactorRoutes = {
  twoFactorSetup: 'POST /user/2fa/setup',
  twoFactorEnable: 'POST /user/2fa/enable',
  twoFactorDisable: 'POST /user/2fa/disable',
} as const satisfies Record<string, Route>;
