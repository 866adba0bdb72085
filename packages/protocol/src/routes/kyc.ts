import type { Route } from '../endpoint.ts';

/** The user's identity verification (KYC): basic, advanced, and where it stands. */
export const kycRoutes = {
  kycBasic: 'POST /user/real_name',
  kycAdvanced: 'POST /user/real_name2',
  kycCenter: 'GET /user/center2',
} as const satisfies Record<string, Route>;
