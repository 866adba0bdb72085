import type { Route } from '../endpoint.ts';

/** Proof of liabilities: the published roots and a user's proof. */
export const porRoutes = {
  porLatest: 'GET /por/latest',
  porProof: 'GET /por/proof',
} as const satisfies Record<string, Route>;

/** The operator's proof-of-liabilities snapshot (OpenAPI tag `operator`). */
export const porOperatorRoutes = {
  operatorPorSnapshot: 'POST /admin/por/snapshot',
} as const satisfies Record<string, Route>;
