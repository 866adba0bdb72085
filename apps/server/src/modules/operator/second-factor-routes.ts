import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { endpoints } from '@hx/protocol';
import { adminSessions, admins, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-context.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { adminOf, allow, ROLES, type Admin } from '../operator-core/auth.ts';
import { writeAudit } from '../operator-core/audit.ts';
import {
  actionReason,
  defineOperatorAction,
  requestAction,
} from '../operator-core/pending-actions.ts';
import {
  loginEnrolment,
  loginWithCode,
  proveCode,
  proveEnrolment,
  removeTwoFactor,
  startEnrolment,
  ticketHolder,
  twoFactorRequired,
  twoFactorStatus,
} from './second-factor.ts';

const security = [{ token: [] }];

async function liveAdmin(app: Pick<ServerDeps, 'db'>, adminId: number): Promise<Admin> {
  const [admin] = await app.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin || admin.disabled) throw new AppError('LOGIN_TICKET_INVALID');
  return admin as Admin;
}

function audit(tx: Db, adminId: number, action: string, target: number, at: Date, note?: string) {
  return writeAudit(tx, {
    adminId,
    action,
    targetType: 'operator',
    targetId: target,
    before: null,
    after: note ?? null,
    reason: null,
    at,
  });
}

/**
 * The operator's authenticator: the login's second step (a code, or the enrolment where it is
 * required and missing), turning it on and off while logged in, and an admin's reset for an
 * operator who lost it. Every change is audited.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorLoginTwoFactor, { under: '/admin' }),
    handler: async (request) => {
      const { adminId, token } = await loginWithCode(
        app,
        request.body,
        originOf(request),
        (tx, id, how) =>
          how === 'recovery_code'
            ? audit(tx, id, 'operator.2fa.recovery_code', id, app.clock.now())
            : Promise.resolve(),
      );
      const admin = await liveAdmin(app, adminId);
      return ok({ token, role: admin.role });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorLoginTwoFactorSetup, { under: '/admin' }),
    handler: async (request) => {
      const admin = await liveAdmin(app, await ticketHolder(app, request.body.ticket, false));
      return ok(await startEnrolment(app, admin));
    },
  });

  app.route({
    ...routeOf(endpoints.operatorLoginTwoFactorEnable, { under: '/admin' }),
    handler: async (request) => {
      const { adminId, codes, token } = await loginEnrolment(
        app,
        request.body,
        originOf(request),
        (tx, id) => audit(tx, id, 'operator.2fa.enable', id, app.clock.now(), 'on'),
      );
      const admin = await liveAdmin(app, adminId);
      return ok({ token, role: admin.role, recovery_codes: codes });
    },
  });

  const any = allow(app, ROLES.any);

  app.route({
    ...routeOf(endpoints.operatorTwoFactor, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => ok(await twoFactorStatus(app, adminOf(request).id)),
  });

  app.route({
    ...routeOf(endpoints.operatorTwoFactorSetup, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => ok(await startEnrolment(app, adminOf(request))),
  });

  app.route({
    ...routeOf(endpoints.operatorTwoFactorEnable, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      const me = adminOf(request);
      const finish = await proveEnrolment(app, me.id, request.body.code);
      const at = app.clock.now();
      const codes = await app.db.transaction(async (tx) => {
        const codes = await finish(tx, at);
        await audit(tx, me.id, 'operator.2fa.enable', me.id, at, 'on');
        return codes;
      });
      return ok({ recovery_codes: codes });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorTwoFactorDisable, { security, under: '/admin' }),
    onRequest: any,
    handler: async (request) => {
      if (twoFactorRequired(app)) throw new AppError('TWO_FACTOR_ENFORCED');
      const me = adminOf(request);
      const spend = await proveCode(app, me.id, request.body.code);
      const at = app.clock.now();
      await app.db.transaction(async (tx) => {
        await spend(tx);
        await removeTwoFactor(tx, me.id);
        await audit(tx, me.id, 'operator.2fa.disable', me.id, at, 'off');
      });
      return ok({});
    },
  });

  // Waits for a second admin (pending-actions.ts): a reset lets whoever knows the password enrol.
  app.route({
    ...routeOf(endpoints.operatorTwoFactorReset, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.admin),
    handler: async (request) => {
      const me = adminOf(request);
      const id = request.params.id;
      if (id === me.id) throw new AppError('OPERATOR_SELF');
      const [target] = await app.db.select().from(admins).where(eq(admins.id, id));
      if (!target) throw new AppError('NOT_FOUND');
      const pending = await requestAction(app, me, {
        kind: 'operator_2fa_reset',
        targetId: id,
        summary: { email: target.email },
      });
      return ok({ reset: false, pending });
    },
  });
};

defineOperatorAction('operator_2fa_reset', async (tx, action, at) => {
  const id = action.targetId!;
  const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
  if (!target) throw new AppError('NOT_FOUND');
  const wasOn = await removeTwoFactor(tx, id);
  await tx
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)));
  // pending-actions.ts tells the lookup again after the commit; this drops what it remembers now.
  sessionsChanged();
  await writeAudit(tx, {
    adminId: action.requestedBy,
    action: 'operator.2fa.reset',
    targetType: 'operator',
    targetId: id,
    before: wasOn ? 'on' : 'off',
    after: 'off',
    reason: actionReason(action),
    at,
  });
});
