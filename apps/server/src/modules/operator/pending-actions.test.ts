import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admins } from '@hx/db';
import type { Notice } from '../mail/sender.ts';
import { call } from '../../test/harness.ts';
import { DEMO_ADMIN, DEMO_APPROVER } from '../../seed.ts';
import { adminToken, auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';

/** Four eyes on the operators and on the four-eyes threshold (issue 35). */

const HOUR = 3_600_000;
let t: MoneyApp;
let admin: string;
let approver: string;
const mails: Notice[] = [];

const login = async (who: { email: string; password: string }) =>
  (await call(t.app, 'POST', 'admin/login', who)).body.message.token as string;
/** The console sends JSON. */
const json = async (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url: `/api/admin/${path}`,
    headers: { ...auth(token), ...(body !== undefined && { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
};
const approve = (token: string, id: number) =>
  json(token, 'POST', `operators/actions/${id}/approve`);
const threshold = async () =>
  (await json(admin, 'GET', 'config/four-eyes')).body.message.threshold_usdt as string;
const auditOf = async (action: string) =>
  (await json(admin, 'GET', `audit/search?action=${action}`)).body.message.list;

beforeAll(async () => {
  t = await moneyApp();
  // As if SMTP were configured: notices reach this list.
  t.app.sender.notice = async (notice) => {
    mails.push(notice);
  };
  admin = await adminToken(t);
  approver = await login(DEMO_APPROVER);
});
afterAll(() => t.close());

describe('a second admin approves', () => {
  it('raising the threshold waits; the one who asked cannot approve; another admin can', async () => {
    mails.length = 0;
    const raised = await json(admin, 'PUT', 'config/four-eyes', { threshold_usdt: '50000' });
    expect(raised.body.message).toMatchObject({
      threshold_usdt: '10000',
      pending: {
        kind: 'four_eyes_threshold',
        summary: { from: '10000', to: '50000' },
        status: 'pending',
        requested_email: DEMO_ADMIN.email,
      },
    });
    const id = raised.body.message.pending.id as number;
    expect(await threshold()).toBe('10000');
    // Every operator is told, by mail.
    expect(mails.map((m) => m.destination).sort()).toEqual(
      (await t.db.select({ email: admins.email }).from(admins)).map((a) => a.email).sort(),
    );
    expect(mails[0]!.body).toContain(
      'raise the four-eyes threshold of withdrawals from 10000 to 50000 USDT',
    );

    const listed = await json(approver, 'GET', 'operators/actions');
    expect(listed.body.message.list.map((a: { id: number }) => a.id)).toContain(id);
    const own = await call(
      t.app,
      'POST',
      `admin/operators/actions/${id}/approve`,
      {},
      {
        ...auth(admin),
        lang: 'esp',
      },
    );
    expect([own.status, own.body]).toEqual([
      409,
      {
        type: 'error',
        code: 'OPERATOR_ACTION_OWN',
        message: 'Tú pediste este cambio: debe aprobarlo otro administrador',
      },
    ]);
    expect(await threshold()).toBe('10000');

    expect((await approve(approver, id)).body.message).toMatchObject({ id, status: 'approved' });
    expect(await threshold()).toBe('50000');
    expect((await approve(approver, id)).body.code).toBe('ALREADY_DECIDED');
    expect((await json(approver, 'GET', 'operators/actions')).body.message.list).toEqual([]);
    expect((await auditOf('config.four_eyes'))[0]).toMatchObject({
      admin: DEMO_ADMIN.email,
      before: '10000 USDT',
      after: '50000 USDT',
      reason: `operator action #${id}`,
    });
    expect((await auditOf('operator_action.'))[0]).toMatchObject({
      admin: DEMO_APPROVER.email,
      action: 'operator_action.approve',
    });
  });

  it('lowering the threshold (stricter) applies at once', async () => {
    const lowered = await json(admin, 'PUT', 'config/four-eyes', { threshold_usdt: '10000' });
    expect(lowered.body.message).toEqual({ threshold_usdt: '10000' });
    expect(await threshold()).toBe('10000');
  });

  it('a new operator exists only once approved; a cancelled one never', async () => {
    const who = { email: 'helper@ops.example', password: 'helper-password-1' };
    const asked = await json(admin, 'POST', 'operators', { ...who, role: 'admin' });
    expect(asked.body.message.pending).toMatchObject({
      kind: 'operator_create',
      summary: { email: who.email, role: 'admin' },
    });
    // No password hash is ever shown.
    expect(JSON.stringify(asked.body)).not.toContain('argon');
    expect((await call(t.app, 'POST', 'admin/login', who)).status).toBe(400);
    expect((await approve(approver, asked.body.message.pending.id)).status).toBe(200);
    expect((await call(t.app, 'POST', 'admin/login', who)).body.message.role).toBe('admin');

    const other = { email: 'never@ops.example', password: 'never-password-1' };
    const second = await json(admin, 'POST', 'operators', { ...other, role: 'support' });
    const cancelled = await json(
      admin,
      'POST',
      `operators/actions/${second.body.message.pending.id}/cancel`,
    );
    expect(cancelled.body.message).toMatchObject({ status: 'cancelled' });
    expect((await approve(approver, second.body.message.pending.id)).body.code).toBe(
      'ALREADY_DECIDED',
    );
    expect((await call(t.app, 'POST', 'admin/login', other)).status).toBe(400);
    expect((await auditOf('operator_action.cancel'))[0]).toMatchObject({ admin: DEMO_ADMIN.email });
  });

  it("another operator's new password waits; one's role changes at once", async () => {
    const who = { email: 'helper@ops.example', password: 'helper-password-1' };
    const [row] = await t.db.select().from(admins).where(eq(admins.email, who.email));
    const theirs = await login(who);
    const changed = await json(admin, 'PUT', `operators/${row!.id}`, {
      role: 'reviewer',
      password: 'taken-over-password',
    });
    expect(changed.body.message).toMatchObject({
      role: 'reviewer',
      pending: { kind: 'operator_password', target_id: row!.id },
    });
    // The old password still works, the new one not yet.
    expect((await call(t.app, 'POST', 'admin/login', who)).status).toBe(200);
    expect((await json(theirs, 'GET', 'me')).status).toBe(200);
    await approve(approver, changed.body.message.pending.id);
    expect((await call(t.app, 'POST', 'admin/login', who)).status).toBe(400);
    const fresh = { email: who.email, password: 'taken-over-password' };
    expect((await call(t.app, 'POST', 'admin/login', fresh)).status).toBe(200);
    expect((await json(theirs, 'GET', 'me')).status).toBe(401);
  });
});

describe('with no other admin', () => {
  it('waits 24 h, then the one who asked applies it', async () => {
    // The demo's second admin is disabled (an admin's role and disabling apply at once).
    const [second] = await t.db.select().from(admins).where(eq(admins.email, DEMO_APPROVER.email));
    const off = await json(admin, 'PUT', `operators/${second!.id}`, { disabled: true });
    expect(off.body.message).toMatchObject({ disabled: true });
    expect(off.body.message.pending).toBeUndefined();
    const [helper] = await t.db.select().from(admins).where(eq(admins.email, 'helper@ops.example'));
    expect(helper!.role).toBe('reviewer');

    const asked = await json(admin, 'PUT', 'config/four-eyes', { threshold_usdt: '20000' });
    const { id, due_at } = asked.body.message.pending as { id: number; due_at: number };
    expect(due_at).toBe(t.clock.now().getTime() + 24 * HOUR);
    const early = await approve(admin, id);
    expect(early.body).toMatchObject({ code: 'OPERATOR_ACTION_WAITING' });
    expect(early.body.message).toContain(
      new Date(due_at).toISOString().slice(0, 16).replace('T', ' '),
    );
    expect(await threshold()).toBe('10000');

    t.clock.advance(24 * HOUR);
    admin = await adminToken(t); // the session of a working day has ended
    expect((await approve(admin, id)).body.message.status).toBe('approved');
    expect(await threshold()).toBe('20000');
  });
});
