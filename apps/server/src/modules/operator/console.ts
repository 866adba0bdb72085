import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditItem,
  auditSearchQuery,
  consoleDashboard,
  consoleUser,
  consoleUserDetail,
  consoleUsersQuery,
  idParams,
  pageOf,
  reasonOptional,
  revokeResult,
} from '@hx/protocol';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';
import { searchAudit } from './audit-search.ts';
import { dashboard } from './dashboard.ts';
import { operatorRoutes } from './operators.ts';
import { revokeSessions, searchUsers, supportView, userDetail } from './users.ts';
import { revokeAllKeys } from '../api-keys/service.ts';
import { AfterCommit } from '../notifications/notify.ts';

const tags = ['operator'];
const security = [{ token: [] }];

/**
 * The console's own screens under /api/admin (next to routes.ts: login, freeze, audit):
 * dashboard, users, operators, audit search. Queues and settings live beside their domains.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      onRequest: allow(app, ROLES.any),
      schema: {
        tags,
        security,
        summary: 'Users, pending queues, the ledger check, money today, market source status',
        response: { 200: okSchema(consoleDashboard) },
      },
    },
    async () => ok(await dashboard(app)),
  );

  app.get(
    '/users',
    {
      onRequest: allow(app, ROLES.any),
      schema: {
        tags,
        security,
        summary: 'Search users by id, email, phone, nickname or invite code; newest first',
        querystring: consoleUsersQuery,
        response: { 200: okSchema(pageOf(consoleUser)) },
      },
    },
    async (request) => ok(await searchUsers(app.db, request.query)),
  );

  app.get(
    '/users/:id',
    {
      onRequest: allow(app, ROLES.any),
      schema: {
        tags,
        security,
        summary: 'One user: KYC, balances per sub-account, postings, orders, positions, sessions',
        params: idParams,
        response: { 200: okSchema(consoleUserDetail) },
      },
    },
    async (request) => {
      const detail = await userDetail(app.db, request.params.id);
      return ok(adminOf(request).role === 'support' ? supportView(detail) : detail);
    },
  );

  app.post(
    '/users/:id/sessions/revoke',
    {
      onRequest: allow(app, ROLES.admin),
      schema: {
        tags,
        security,
        summary:
          'End every session of the user (they must log in again) and delete their API keys (they are told); audited',
        params: idParams,
        body: reasonOptional,
        response: { 200: okSchema(revokeResult) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const at = app.clock.now();
      const after = new AfterCommit();
      const n = await app.db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
        if (!user) throw new AppError('NOT_FOUND');
        const revoked = await revokeSessions(tx, id, at);
        const keys = await revokeAllKeys(tx, after, id, at);
        await writeAudit(tx, {
          adminId: adminOf(request).id,
          action: 'user.sessions.revoke',
          targetType: 'user',
          targetId: id,
          before: `${revoked} live, ${keys} API keys`,
          after: '0 live, 0 API keys',
          reason: request.body.reason ?? null,
          at,
        });
        return revoked;
      });
      sessionsChanged(); // committed now: live sockets of the user end at once
      await after.send(app);
      return ok({ count: n });
    },
  );

  app.get(
    '/audit/search',
    {
      onRequest: allow(app, ROLES.admin),
      schema: {
        tags,
        security,
        summary: 'Audit log filtered by operator, action, target and time; newest first',
        querystring: auditSearchQuery,
        response: { 200: okSchema(pageOf(auditItem)) },
      },
    },
    async (request) => ok(await searchAudit(app.db, request.query)),
  );

  await app.register(operatorRoutes);
};
