import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { ok } from '../../plugins/envelope.ts';
import { userOf } from '../../plugins/auth.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { latestSnapshot, proofFor, TreeCache } from './proofs.ts';
import { takeSnapshot } from './snapshot.ts';

const security = [{ token: [] }];

/** Proof of liabilities under /api: the published roots, a user's proof, an operator snapshot. */
export const porRoutes: FastifyPluginAsyncZod = async (app) => {
  const trees = new TreeCache();

  app.route({
    ...routeOf(endpoints.porLatest),
    handler: async () => ok(await latestSnapshot(app.db)),
  });

  app.route({
    ...routeOf(endpoints.porProof, { security }),
    onRequest: app.authenticate,
    handler: async (request) =>
      ok(
        await proofFor(app.db, trees, {
          snapshotId: request.query.id,
          coinId: request.query.currency_id,
          userId: userOf(request).id,
        }),
      ),
  });

  app.route({
    ...routeOf(endpoints.operatorPorSnapshot, { security }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => {
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
  });
};
