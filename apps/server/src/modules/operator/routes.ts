import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { admins, outbox, users } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-context.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { startLoginAttempt } from '../verification/lockout.ts';
import { adminOf, allow, endAdminSession, ROLES, type Admin } from '../operator-core/auth.ts';
import { auditPage, writeAudit } from '../operator-core/audit.ts';
import { afterPassword } from './second-factor.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';
import { adminSessionRoutes } from './sessions.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

const security = [{ token: [] }];

let decoy: Promise<string> | undefined;

/** The operator API under /api/admin: its own tokens (admin_sessions) and roles. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorLogin, { under: '/admin' }),
    handler: async (request) => {
      const email = request.body.email.toLowerCase();
      const key = `admin:${email}`;
      const attempt = await startLoginAttempt(app, key, request.ip, 'operator');
      const [admin] = await app.db.select().from(admins).where(eq(admins.email, email));
      decoy ??= hashPassword('decoy-password');
      const valid = await verifyPassword(
        admin?.passwordHash ?? (await decoy),
        request.body.password,
      );
      if (!admin || admin.disabled || !valid) return attempt.failed();
      await attempt.succeeded();
      return ok(await afterPassword(app, admin as Admin, originOf(request)));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorLogout, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.any),
    handler: async (request) => {
      await endAdminSession(app, request);
      return ok({});
    },
  });

  app.route({
    ...routeOf(endpoints.operatorMe, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.any),
    handler: async (request) => {
      const { id, email, role } = adminOf(request);
      return ok({ id, email, role });
    },
  });

  await app.register(secondFactorRoutes);
  await app.register(adminSessionRoutes);

  app.route({
    ...routeOf(endpoints.operatorLedgerCheck, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.review),
    handler: async () => ok(await checkLedger(app.db)),
  });

  app.route({
    ...routeOf(endpoints.operatorAudit, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) =>
      ok(await auditPage(app.db, request.query.page, request.query.limit)),
  });

  for (const frozen of [true, false]) {
    const verb = frozen ? 'freeze' : 'unfreeze';
    app.route({
      ...routeOf(frozen ? endpoints.operatorUserFreeze : endpoints.operatorUserUnfreeze, {
        security,
        under: '/admin',
      }),
      onRequest: allow(app, ROLES.admin),
      handler: async (request) => {
        const admin = adminOf(request);
        const at = app.clock.now();
        const id = request.params.id;
        await app.db.transaction(async (tx) => {
          const [user] = await tx
            .select({ frozen: users.frozen })
            .from(users)
            .where(eq(users.id, id))
            .for('update');
          if (!user) throw new AppError('NOT_FOUND');
          await tx.update(users).set({ frozen }).where(eq(users.id, id));
          sessionsChanged();
          await writeAudit(tx, {
            adminId: admin.id,
            action: `user.${verb}`,
            targetType: 'user',
            targetId: id,
            before: user.frozen ? 'frozen' : 'active',
            after: frozen ? 'frozen' : 'active',
            reason: request.body.reason ?? null,
            at,
          });
        });
        return ok({ id, frozen });
      },
    });
  }

  if (app.config.mode === 'demo') {
    app.route({
      ...routeOf(endpoints.operatorOutbox, { security, under: '/admin' }),
      onRequest: allow(app, ROLES.support),
      handler: async (request) => {
        const { page, limit, to } = request.query;
        const where: SQL[] = [];
        if (to) where.push(eq(outbox.destination, to.replace(/^\+/, '').toLowerCase()));
        const rows = await app.db
          .select()
          .from(outbox)
          .where(and(...where))
          .orderBy(desc(outbox.id))
          .limit(limit)
          .offset((page - 1) * limit);
        const [total] = await app.db
          .select({ n: count() })
          .from(outbox)
          .where(and(...where));
        return ok({
          list: rows.map((r) => ({
            id: r.id,
            channel: r.channel,
            to: r.destination,
            scene: r.scene,
            code: r.code,
            at: r.createdAt.getTime(),
          })),
          total: total?.n ?? 0,
          page,
        });
      },
    });
  }
};
