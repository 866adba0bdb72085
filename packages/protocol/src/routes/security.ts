import type { Route } from '../endpoint.ts';

/** The fund password and the security centre's protections. */
export const securityRoutes = {
  securityFundPassword: 'POST /user/e_pwd',
  securityHasFundPassword: 'POST /user/has_password',
  securityState: 'GET /user/security',
  securityAntiPhishing: 'POST /user/anti_phishing',
  securityWhitelist: 'POST /user/whitelist',
} as const satisfies Record<string, Route>;
