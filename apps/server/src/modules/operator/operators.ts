import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type AdminRole, type operatorItem } from '@hx/protocol';
import { adminSessions, admins } from '@hx/db';
import { ok } from '../../plugins/envelope.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';

const security = [{ token: [] }];

type Row = typeof admins.$inferSelect;
const view = (a: Row): z.infer<typeof operatorItem> => ({
  id: a.id,
  email: a.email,
  role: a.role as AdminRole,
  disabled: a.disabled,
  created_at: a.createdAt.getTime(),
});
/** What the audit log keeps of an operator: never the password hash. */
const brief = (a: Row) => JSON.stringify({ email: a.email, role: a.role, disabled: a.disabled });

/** Operators (admin only): add, change role, disable, reset a password. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = allow(app, ROLES.admin);

  app.route({
    ...routeOf(endpoints.operatorOperators, { security, under: '/admin' }),
    onRequest,
    handler: async () => ok((await app.db.select().from(admins).orderBy(asc(admins.id))).map(view)),
  });

  app.route({
    ...routeOf(endpoints.operatorOperatorCreate, { security, under: '/admin' }),
    onRequest,
    handler: async (request) => {
      const { email, password, role } = request.body;
      const passwordHash = await hashPassword(password);
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(admins)
          .values({ email: email.toLowerCase(), passwordHash, role, createdAt: app.clock.now() })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('OPERATOR_EXISTS');
        await writeAudit(tx, {
          adminId: adminOf(request).id,
          action: 'operator.create',
          targetType: 'operator',
          targetId: created.id,
          before: null,
          after: brief(created),
          reason: null,
          at: app.clock.now(),
        });
        return created;
      });
      return ok(view(row));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorOperatorUpdate, { security, under: '/admin' }),
    onRequest,
    handler: async (request) => {
      const me = adminOf(request);
      const id = request.params.id;
      const { role, disabled, password } = request.body;
      if (id === me.id && ((role && role !== me.role) || disabled))
        throw new AppError('OPERATOR_SELF');
      const passwordHash = password ? await hashPassword(password) : undefined;
      const now = app.clock.now();
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        const [after] = await tx
          .update(admins)
          .set({
            ...(role && { role }),
            ...(disabled !== undefined && { disabled }),
            ...(passwordHash && { passwordHash }),
          })
          .where(eq(admins.id, id))
          .returning();
        if (disabled || passwordHash)
          await tx
            .update(adminSessions)
            .set({ revokedAt: now })
            .where(eq(adminSessions.adminId, id));
        await writeAudit(tx, {
          adminId: me.id,
          action: passwordHash ? 'operator.password' : 'operator.update',
          targetType: 'operator',
          targetId: id,
          before: brief(before),
          after: brief(after!),
          reason: null,
          at: now,
        });
        return after!;
      });
      sessionsChanged();
      return ok(view(row));
    },
  });
};
