import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { adminSessions, admins } from '@hx/db';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { adminOf, adminSessionOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';

const security = [{ token: [] }];

/**
 * Live operator sessions: each operator sees and ends their own; an admin sees and ends
 * everyone's. Ending one is audited and its token stops working at once.
 */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const any = allow(app, ROLES.any);

  app.route({
    ...routeOf(endpoints.operatorSessions, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      const me = adminOf(request);
      const all = request.query.scope === 'all';
      if (all && me.role !== 'admin') throw new AppError('FORBIDDEN');
      const where: SQL[] = [
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, app.clock.now()),
      ];
      if (!all) where.push(eq(adminSessions.adminId, me.id));
      const rows = await app.db
        .select({ s: adminSessions, email: admins.email })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(and(...where))
        .orderBy(desc(adminSessions.id))
        .limit(500);
      const current = adminSessionOf(request);
      return ok({
        list: rows.map(({ s, email }) => ({
          id: s.id,
          admin_id: s.adminId,
          email,
          current: s.id === current,
          ip: s.ip,
          agent: s.userAgent,
          created_at: s.createdAt.getTime(),
          last_seen_at: s.lastSeenAt?.getTime() ?? null,
          expires_at: s.expiresAt.getTime(),
        })),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorSessionRevoke, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      const me = adminOf(request);
      const at = app.clock.now();
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ s: adminSessions, email: admins.email })
          .from(adminSessions)
          .innerJoin(admins, eq(admins.id, adminSessions.adminId))
          .where(eq(adminSessions.id, request.params.id))
          .for('update', { of: adminSessions });
        // Another operator's session is not found for whoever may not end it.
        if (!row || (row.s.adminId !== me.id && me.role !== 'admin'))
          throw new AppError('NOT_FOUND');
        if (row.s.revokedAt) return;
        await tx.update(adminSessions).set({ revokedAt: at }).where(eq(adminSessions.id, row.s.id));
        await writeAudit(tx, {
          adminId: me.id,
          action: 'operator.session.revoke',
          targetType: 'operator',
          targetId: row.s.adminId,
          before: JSON.stringify({
            session: row.s.id,
            operator: row.email,
            ip: row.s.ip,
            agent: row.s.userAgent,
          }),
          after: 'revoked',
          reason: null,
          at,
        });
      });
      sessionsChanged();
      return ok({});
    },
  });
};
