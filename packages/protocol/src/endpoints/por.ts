import { defineEndpoints } from '../endpoint.ts';
import { porLatest, porProof, porProofQuery, porSnapshotResult } from '../por.ts';
import { porOperatorRoutes, porRoutes } from '../routes/por.ts';

export const porEndpoints = defineEndpoints('proof of liabilities', porRoutes, {
  porLatest: {
    summary: 'The newest snapshot: one Merkle-sum root per coin, and reserves when attested',
    response: porLatest,
  },
  porProof: {
    summary: "The user's leaf in a coin's tree and the path from it to the root",
    query: porProofQuery,
    response: porProof,
  },
});

export const porOperatorEndpoints = defineEndpoints('operator', porOperatorRoutes, {
  operatorPorSnapshot: {
    summary: 'Take a proof-of-liabilities snapshot now (audited)',
    response: porSnapshotResult,
  },
});
