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
import { adminOf, allow, ROLES } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import {
  actionReason,
  defineOperatorAction,
  requestAction,
} from '../operator-core/pending-actions.ts';

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

/**
 * Operators (admin only): add, change role, disable, reset a password. Adding one and another's
 * new password wait for a second admin (pending-actions.ts); role and disabling apply at once.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = allow(app, ROLES.admin);

  app.route({
    ...routeOf(endpoints.operatorOperators, { security, under: '/admin' }),
    onRequest,
    handler: async () => ok((await app.db.select().from(admins).orderBy(asc(admins.id))).map(view)),
  });

  // A new operator waits for a second admin: one admin alone must not make a second of their own.
  app.route({
    ...routeOf(endpoints.operatorOperatorCreate, { security, under: '/admin' }),
    onRequest,
    handler: async (request) => {
      const { password, role } = request.body;
      const email = request.body.email.toLowerCase();
      const [taken] = await app.db.select().from(admins).where(eq(admins.email, email));
      if (taken) throw new AppError('OPERATOR_EXISTS');
      const pending = await requestAction(app, adminOf(request), {
        kind: 'operator_create',
        targetId: null,
        summary: { email, role },
        secret: await hashPassword(password),
      });
      return ok({ pending });
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
      // Another operator's new password waits for a second admin (it would let one admin log in
      // as two); one's own applies at once.
      const waiting = id !== me.id ? passwordHash : undefined;
      const own = id === me.id ? passwordHash : undefined;
      const now = app.clock.now();
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        if (role === undefined && disabled === undefined && waiting) return before;
        const [after] = await tx
          .update(admins)
          .set({
            ...(role && { role }),
            ...(disabled !== undefined && { disabled }),
            ...(own && { passwordHash: own }),
          })
          .where(eq(admins.id, id))
          .returning();
        if (disabled || own)
          await tx
            .update(adminSessions)
            .set({ revokedAt: now })
            .where(eq(adminSessions.adminId, id));
        await writeAudit(tx, {
          adminId: me.id,
          action: own ? 'operator.password' : 'operator.update',
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
      if (!waiting) return ok(view(row));
      const pending = await requestAction(app, me, {
        kind: 'operator_password',
        targetId: id,
        summary: { email: row.email },
        secret: waiting,
      });
      return ok({ ...view(row), pending });
    },
  });
};

defineOperatorAction('operator_create', async (tx, action, at) => {
  const { email, role } = action.summary as { email: string; role: string };
  const [created] = await tx
    .insert(admins)
    .values({ email, passwordHash: action.secret!, role, createdAt: at })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('OPERATOR_EXISTS');
  await writeAudit(tx, {
    adminId: action.requestedBy,
    action: 'operator.create',
    targetType: 'operator',
    targetId: created.id,
    before: null,
    after: brief(created),
    reason: actionReason(action),
    at,
  });
});

defineOperatorAction('operator_password', async (tx, action, at) => {
  const id = action.targetId!;
  const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
  if (!before) throw new AppError('NOT_FOUND');
  const [after] = await tx
    .update(admins)
    .set({ passwordHash: action.secret! })
    .where(eq(admins.id, id))
    .returning();
  await tx.update(adminSessions).set({ revokedAt: at }).where(eq(adminSessions.adminId, id));
  await writeAudit(tx, {
    adminId: action.requestedBy,
    action: 'operator.password',
    targetType: 'operator',
    targetId: id,
    before: brief(before),
    after: brief(after!),
    reason: actionReason(action),
    at,
  });
});
