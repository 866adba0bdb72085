import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints, type OperatorActionKind, type operatorActionItem } from '@hx/protocol';
import { admins, operatorActions, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { adminOf, allow, ROLES } from './auth.ts';
import { writeAudit } from './audit.ts';

/**
 * Four eyes on the four-eyes rule itself and on the operators: raising the withdrawal threshold,
 * adding an operator, and resetting another operator's password or authenticator would each let
 * one operator pass four eyes alone (raise it, or act as a second operator of their own making).
 * So each waits here until another admin approves it. With no other admin, the one who asked
 * may apply it 24 h later; every operator is mailed when it is asked, so a stolen operator
 * session cannot do it quietly. Either may cancel. Every step is audited.
 */

export const ACTION_WAIT_MS = 24 * 60 * 60_000;

type Row = typeof operatorActions.$inferSelect;
export type OperatorAction = z.infer<typeof operatorActionItem>;

/** Applies an approved action in the approval's transaction (and audits it as its own kind). */
export type Applier = (tx: Db, action: Row, at: Date) => Promise<void>;
const APPLIERS = new Map<OperatorActionKind, Applier>();

/** The module owning a kind says how it is applied (four-eyes.ts, operators.ts, ...). */
export function defineOperatorAction(kind: OperatorActionKind, apply: Applier): void {
  APPLIERS.set(kind, apply);
}

/** For an applied action's own audit record: which request it was. */
export const actionReason = (action: Pick<Row, 'id'>) => `operator action #${action.id}`;

const itemOf = (row: Row, email: string): OperatorAction => ({
  id: row.id,
  kind: row.kind as OperatorActionKind,
  target_id: row.targetId,
  summary: row.summary,
  status: row.status as OperatorAction['status'],
  requested_by: row.requestedBy,
  requested_email: email,
  requested_at: row.requestedAt.getTime(),
  due_at: row.dueAt.getTime(),
});

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the mail says is asked for. */
function described(kind: OperatorActionKind, s: Record<string, string>): string {
  switch (kind) {
    case 'four_eyes_threshold':
      return `raise the four-eyes threshold of withdrawals from ${s.from} to ${s.to} USDT`;
    case 'operator_create':
      return `add the operator ${s.email} (${s.role})`;
    case 'operator_password':
      return `set a new password for the operator ${s.email}`;
    case 'operator_2fa_reset':
      return `reset the authenticator of the operator ${s.email}`;
  }
}

/**
 * Every operator, disabled ones too, hears of it (where a mail sender is configured). The
 * addresses are read before returning, the deliveries not waited for (as mailNotice): the request
 * is recorded, and one slow mail server must not hold up its answer once per operator.
 */
async function mailOperators(
  app: Pick<ServerDeps, 'db' | 'log' | 'sender'>,
  action: OperatorAction,
): Promise<void> {
  if (!app.sender.notice) return;
  const everyone = await app.db.select({ email: admins.email }).from(admins);
  const title = `Operator change waiting for approval (#${action.id})`;
  const body =
    `${action.requested_email} asked to ${described(action.kind, action.summary)}. ` +
    'Another admin approves or cancels it in the console (Operators, waiting changes). ' +
    `With no other admin it can be applied from ${minute(new Date(action.due_at))}. ` +
    'If you did not expect it, cancel it and check who can log in to the console.';
  for (const { email } of everyone)
    app.sender
      .notice({ destination: email, lang: 'en', title, body })
      .catch((err: unknown) => app.log.error({ err }, 'operator action mail failed'));
}

/** Records an action to wait for a second admin, audited, and mails every operator. */
export async function requestAction(
  app: Pick<ServerDeps, 'clock' | 'db' | 'log' | 'sender'>,
  by: { id: number; email: string },
  input: {
    kind: OperatorActionKind;
    targetId: number | null;
    summary: Record<string, string>;
    secret?: string;
  },
): Promise<OperatorAction> {
  const at = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operatorActions)
      .values({
        kind: input.kind,
        targetId: input.targetId,
        summary: input.summary,
        secret: input.secret ?? null,
        requestedBy: by.id,
        requestedAt: at,
        dueAt: new Date(at.getTime() + ACTION_WAIT_MS),
      })
      .returning();
    await writeAudit(tx, {
      adminId: by.id,
      action: 'operator_action.request',
      targetType: 'operator_action',
      targetId: created!.id,
      before: null,
      after: JSON.stringify({ kind: input.kind, ...input.summary }),
      reason: null,
      at,
    });
    return created!;
  });
  const item = itemOf(row, by.email);
  await mailOperators(app, item);
  return item;
}

/** Active admins other than `id`: whoever could approve instead of waiting. */
async function otherAdmins(tx: Db, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, 'admin'), eq(admins.disabled, false), ne(admins.id, id)));
  return row?.n ?? 0;
}

/** Locks a pending action; NOT_FOUND or ALREADY_DECIDED otherwise. */
async function pendingAction(tx: Db, id: number): Promise<{ row: Row; email: string }> {
  const [found] = await tx
    .select({ row: operatorActions, email: admins.email })
    .from(operatorActions)
    .innerJoin(admins, eq(admins.id, operatorActions.requestedBy))
    .where(eq(operatorActions.id, id))
    .for('update', { of: operatorActions });
  if (!found) throw new AppError('NOT_FOUND');
  if (found.row.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  return found;
}

async function decide(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  id: number,
  by: number,
  status: 'approved' | 'cancelled',
): Promise<OperatorAction> {
  const at = app.clock.now();
  const item = await app.db.transaction(async (tx) => {
    const { row, email } = await pendingAction(tx, id);
    if (status === 'approved') {
      if (row.requestedBy === by) {
        if ((await otherAdmins(tx, by)) > 0) throw new AppError('OPERATOR_ACTION_OWN');
        if (at < row.dueAt)
          throw new AppError('OPERATOR_ACTION_WAITING', { until: minute(row.dueAt) });
      }
      await APPLIERS.get(row.kind as OperatorActionKind)!(tx, row, at);
    }
    const [decided] = await tx
      .update(operatorActions)
      .set({ status, secret: null, decidedBy: by, decidedAt: at })
      .where(eq(operatorActions.id, id))
      .returning();
    await writeAudit(tx, {
      adminId: by,
      action: status === 'approved' ? 'operator_action.approve' : 'operator_action.cancel',
      targetType: 'operator_action',
      targetId: id,
      before: 'pending',
      after: status,
      reason: null,
      at,
    });
    return itemOf(decided!, email);
  });
  // A new password or a reset authenticator ends the operator's sessions.
  if (status === 'approved') sessionsChanged();
  return item;
}

const security = [{ token: [] }];

/** The waiting changes (admins only): list, approve, cancel. */
export const pendingActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = allow(app, ROLES.admin);

  app.route({
    ...routeOf(endpoints.operatorActions, { security, under: '/admin' }),
    onRequest,
    handler: async () => {
      const rows = await app.db
        .select({ row: operatorActions, email: admins.email })
        .from(operatorActions)
        .innerJoin(admins, eq(admins.id, operatorActions.requestedBy))
        .where(eq(operatorActions.status, 'pending'))
        .orderBy(asc(operatorActions.id));
      return ok({ list: rows.map(({ row, email }) => itemOf(row, email)) });
    },
  });

  app.route({
    ...routeOf(endpoints.operatorActionApprove, { security, under: '/admin' }),
    onRequest,
    handler: async (request) =>
      ok(await decide(app, request.params.id, adminOf(request).id, 'approved')),
  });

  app.route({
    ...routeOf(endpoints.operatorActionCancel, { security, under: '/admin' }),
    onRequest,
    handler: async (request) =>
      ok(await decide(app, request.params.id, adminOf(request).id, 'cancelled')),
  });
};
