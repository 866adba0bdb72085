import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { porLatest, porProof, porProofQuery, porSnapshotResult } from '@hx/protocol';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { adminOf, allow, ROLES } from '../operator/auth.ts';
import { writeAudit } from '../operator/audit.ts';
import { latestSnapshot, proofFor, TreeCache } from './proofs.ts';
import { takeSnapshot } from './snapshot.ts';

const tags = ['proof of liabilities'];
const security = [{ token: [] }];

/** Proof of liabilities under /api: the published roots, a user's proof, an operator snapshot. */
export const porRoutes: FastifyPluginAsyncZod = async (app) => {
  const trees = new TreeCache();

  app.get(
    '/por/latest',
    {
      schema: {
        tags,
        summary: 'The newest snapshot: one Merkle-sum root per coin, and reserves when attested',
        response: { 200: okSchema(porLatest) },
      },
    },
    async () => ok(await latestSnapshot(app.db)),
  );

  app.get(
    '/por/proof',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The user's leaf in a coin's tree and the path from it to the root",
        querystring: porProofQuery,
        response: { 200: okSchema(porProof) },
      },
    },
    async (request) =>
      ok(
        await proofFor(app.db, trees, {
          snapshotId: request.query.id,
          coinId: request.query.currency_id,
          userId: userOf(request).id,
        }),
      ),
  );

  app.post(
    '/admin/por/snapshot',
    {
      onRequest: allow(app, ROLES.admin),
      schema: {
        tags: ['operator'],
        security,
        summary: 'Take a proof-of-liabilities snapshot now (audited)',
        response: { 200: okSchema(porSnapshotResult) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const at = app.clock.now();
      const id = await takeSnapshot(app.db, at, admin.id, (tx, snapshotId) =>
        writeAudit(tx, {
          adminId: admin.id,
          action: 'por.snapshot',
          targetType: 'por_snapshot',
          targetId: snapshotId,
          before: null,
          after: null,
          reason: null,
          at,
        }),
      );
      return ok({ id });
    },
  );
};
