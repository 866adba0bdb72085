import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@hx/protocol';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { searchAudit } from './audit-search.ts';
import { auditChainRoutes } from './audit-chain-routes.ts';
import { dashboard } from './dashboard.ts';
import { operatorRoutes } from './operators.ts';
import { revokeSessions, searchUsers, supportView, userDetail } from './users.ts';
import { revokeAllKeys } from '../api-keys/service.ts';
import { removeAllPasskeys } from '../passkeys/remove-all.ts';
import { AfterCommit } from '../notifications/notify.ts';

const security = [{ token: [] }];

/**
 * The console's own screens under /api/admin (next to routes.ts: login, freeze, audit):
 * dashboard, users, operators, audit search. Queues and settings live beside their domains.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorDashboard, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.any),
    handler: async () => ok(await dashboard(app)),
  });

  app.route({
    ...routeOf(endpoints.operatorUsers, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.any),
    handler: async (request) => ok(await searchUsers(app.db, request.query)),
  });

  app.route({
    ...routeOf(endpoints.operatorUser, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.any),
    handler: async (request) => {
      const detail = await userDetail(app.db, request.params.id);
      return ok(adminOf(request).role === 'support' ? supportView(detail) : detail);
    },
  });

  app.route({
    ...routeOf(endpoints.operatorUserSessionsRevoke, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => {
      const id = request.params.id;
      const at = app.clock.now();
      const after = new AfterCommit();
      const n = await app.db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
        if (!user) throw new AppError('NOT_FOUND');
        const revoked = await revokeSessions(tx, id, at);
        const keys = await revokeAllKeys(tx, after, id, at);
        // A passkey logs in without the password: ending the sessions ends it too.
        const passkeys = await removeAllPasskeys(tx, after, id, at);
        await writeAudit(tx, {
          adminId: adminOf(request).id,
          action: 'user.sessions.revoke',
          targetType: 'user',
          targetId: id,
          before: `${revoked} live, ${keys} API keys${passkeys ? `, ${passkeys} passkeys` : ''}`,
          after: `0 live, 0 API keys${passkeys ? ', 0 passkeys' : ''}`,
          reason: request.body.reason ?? null,
          at,
        });
        return revoked;
      });
      sessionsChanged(); // committed now: live sockets of the user end at once
      await after.send(app);
      return ok({ count: n });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorAuditSearch, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => ok(await searchAudit(app.db, request.query)),
  });

  await app.register(operatorRoutes);
  await app.register(auditChainRoutes);
};
