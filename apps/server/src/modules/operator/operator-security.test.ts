import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../lib/totp.ts';
import { call } from '../../test/harness.ts';
import { DEMO_ADMIN } from '../../seed.ts';
import { adminToken, auth, moneyApp, otherAdminToken, type MoneyApp } from '../wallet/test-kit.ts';

/** Operator 2FA: required in production mode (enrolment at the first login), optional in demo. */

const OWNER = { email: 'owner@ops.example', password: 'owner-password-1' };
const STEP_MS = 30_000;
/** Many logins from one address: the per-address rate limit is not what these tests are about. */
const UNLIMITED = { rateLimitAllow: ['127.0.0.1'] };

type App = MoneyApp;
const login = (t: App, who: { email: string; password: string }) =>
  call(t.app, 'POST', 'admin/login', who);
const code = (t: App, secret: string) => totpCode(secret, t.clock.now());
const me = (t: App, token: string) => call(t.app, 'GET', 'admin/me', {}, auth(token));

/** Enrols at login as production asks: the ticket, the secret, the first code. */
async function enrol(t: App, who: { email: string; password: string }) {
  const first = await login(t, who);
  expect(first.body.message).toEqual({ need_2fa_setup: true, ticket: expect.any(String) });
  const ticket = first.body.message.ticket as string;
  const setup = await call(t.app, 'POST', 'admin/login/2fa/setup', { ticket });
  expect(setup.status).toBe(200);
  const secret = setup.body.message.secret as string;
  expect(setup.body.message.otpauth).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const on = await call(t.app, 'POST', 'admin/login/2fa/enable', { ticket, code: code(t, secret) });
  expect(on.status).toBe(200);
  return {
    secret,
    token: on.body.message.token as string,
    recovery: on.body.message.recovery_codes as string[],
  };
}

/** The password, then a code: the token (or the failure). */
async function loginWithCode(t: App, who: { email: string; password: string }, c: string) {
  const first = await login(t, who);
  expect(first.body.message).toEqual({ need_2fa: true, ticket: expect.any(String) });
  return call(t.app, 'POST', 'admin/login/2fa', { ticket: first.body.message.ticket, code: c });
}

describe('operator 2FA in production mode', () => {
  let t: App;
  let secret: string;
  let token: string;
  let recovery: string[];
  beforeAll(async () => {
    t = await moneyApp({
      ...UNLIMITED,
      mode: 'production',
      adminEmail: OWNER.email,
      adminPassword: OWNER.password,
    });
  });
  afterAll(() => t.close());

  it('makes an operator without 2FA enrol at the first login, then gives recovery codes once', async () => {
    const first = await login(t, OWNER);
    expect(first.status).toBe(200);
    expect(first.body.message.token).toBeUndefined();
    // A setup ticket is not a token.
    expect((await me(t, first.body.message.ticket)).status).toBe(401);
    const wrong = await call(t.app, 'POST', 'admin/login/2fa/enable', {
      ticket: first.body.message.ticket,
      code: '000000',
    });
    expect(wrong.body.code).toMatch(/TWO_FACTOR_SETUP_FIRST|TWO_FACTOR_INVALID/);

    ({ secret, token, recovery } = await enrol(t, OWNER));
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await me(t, token)).body.message.email).toBe(OWNER.email);
    const status = await call(t.app, 'GET', 'admin/2fa', {}, auth(token));
    expect(status.body.message).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });
  });

  it('asks every later login for a code, and takes each code once', async () => {
    t.clock.advance(STEP_MS);
    const used = code(t, secret);
    const ok = await loginWithCode(t, OWNER, used);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toEqual({ token: expect.any(String), role: 'admin' });
    // The same code again, even on a fresh ticket, is refused.
    const again = await loginWithCode(t, OWNER, used);
    expect([again.status, again.body.code]).toEqual([400, 'TWO_FACTOR_CODE_USED']);
    t.clock.advance(STEP_MS);
    expect((await loginWithCode(t, OWNER, code(t, secret))).status).toBe(200);
  });

  it('spends one code once when ten logins race with it', async () => {
    t.clock.advance(STEP_MS);
    const tickets = await Promise.all(
      Array.from({ length: 10 }, async () => (await login(t, OWNER)).body.message.ticket),
    );
    const c = code(t, secret);
    const answers = await Promise.all(
      tickets.map((ticket) => call(t.app, 'POST', 'admin/login/2fa', { ticket, code: c })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('lets a recovery code in once', async () => {
    const first = await loginWithCode(t, OWNER, recovery[0]!);
    expect(first.status).toBe(200);
    const again = await loginWithCode(t, OWNER, recovery[0]!);
    expect(again.body.code).toBe('TWO_FACTOR_INVALID');
    const status = await call(t.app, 'GET', 'admin/2fa', {}, auth(first.body.message.token));
    expect(status.body.message.recovery_codes_left).toBe(9);
  });

  it('limits wrong codes like passwords: five lock the second factor, a ticket takes five tries', async () => {
    // Past the window of the spent recovery code above (a wrong code too).
    t.clock.advance(16 * 60_000);
    const { ticket } = (await login(t, OWNER)).body.message;
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push((await call(t.app, 'POST', 'admin/login/2fa', { ticket, code: '000001' })).body);
    expect(tries.map((b) => b.code)).toEqual([
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_LOCKED',
    ]);
    const sixth = await call(t.app, 'POST', 'admin/login/2fa', { ticket, code: code(t, secret) });
    expect(sixth.body.code).toBe('LOGIN_TICKET_INVALID');
    // Locked: even the right code on a new ticket waits.
    const locked = await loginWithCode(t, OWNER, code(t, secret));
    expect([locked.status, locked.body.code]).toEqual([429, 'TWO_FACTOR_LOCKED']);
    t.clock.advance(16 * 60_000);
    expect((await loginWithCode(t, OWNER, code(t, secret))).status).toBe(200);
  });

  it('keeps 2FA on in production, and an admin resets a lost one: sessions end, enrolment again', async () => {
    expect(
      (await call(t.app, 'POST', 'admin/2fa/disable', { code: code(t, secret) }, auth(token))).body
        .code,
    ).toBe('TWO_FACTOR_ENFORCED');
    // Adding an operator and resetting one's 2FA wait for a second admin (four eyes).
    const approver = await otherAdminToken(t);
    const approve = (action: { id: number }) =>
      call(t.app, 'POST', `admin/operators/actions/${action.id}/approve`, {}, auth(approver));
    const reviewer = { email: 'second@ops.example', password: 'reviewer-password' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operators',
      headers: auth(token),
      payload: { ...reviewer, role: 'reviewer' },
    });
    expect(created.statusCode).toBe(200);
    expect((await approve(created.json().message.pending)).status).toBe(200);
    const operators = await call(t.app, 'GET', 'admin/operators', {}, auth(token));
    const id = operators.body.message.find((o: { email: string }) => o.email === reviewer.email)
      .id as number;
    const theirs = await enrol(t, reviewer);
    expect((await me(t, theirs.token)).status).toBe(200);

    const asked = await call(t.app, 'POST', `admin/operators/${id}/2fa/reset`, {}, auth(token));
    expect(asked.body.message).toMatchObject({ reset: false, pending: { target_id: id } });
    expect((await me(t, theirs.token)).status).toBe(200);
    const reset = await approve(asked.body.message.pending);
    expect(reset.body.message).toMatchObject({ status: 'approved' });
    expect((await me(t, theirs.token)).status).toBe(401);
    expect((await login(t, reviewer)).body.message.need_2fa_setup).toBe(true);

    const audit = await call(
      t.app,
      'GET',
      'admin/audit/search',
      { action: 'operator.2fa.' },
      auth(token),
    );
    expect(audit.body.message.list.map((a: { action: string }) => a.action)).toEqual([
      'operator.2fa.reset',
      'operator.2fa.enable',
      'operator.2fa.enable', // the approving admin's enrolment
      'operator.2fa.recovery_code',
      'operator.2fa.enable',
    ]);
  });
});

describe('operator 2FA in demo mode', () => {
  let t: App;
  beforeAll(async () => {
    t = await moneyApp(UNLIMITED);
  });
  afterAll(() => t.close());

  it('lets the demo operator in with the password alone, and says 2FA is not required', async () => {
    const { body } = await login(t, DEMO_ADMIN);
    expect(body.message).toEqual({ token: expect.any(String), role: 'admin' });
    const status = await call(t.app, 'GET', 'admin/2fa', {}, auth(body.message.token));
    expect(status.body.message).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
  });

  it('refuses a session begun without 2FA once the same database is served in production', async () => {
    const { body } = await login(t, DEMO_ADMIN);
    const token = body.message.token as string;
    expect((await me(t, token)).status).toBe(200);
    // As after a restart with MODE=production: the operator must log in again and enrol.
    t.app.config.mode = 'production';
    try {
      expect((await me(t, token)).status).toBe(401);
      expect((await login(t, DEMO_ADMIN)).body.message.need_2fa_setup).toBe(true);
    } finally {
      t.app.config.mode = 'demo';
    }
    expect((await me(t, token)).status).toBe(200);
  });

  it('lets an operator turn 2FA on, log in with a code, and turn it off again', async () => {
    const token = await adminToken(t);
    const setup = await call(t.app, 'POST', 'admin/2fa/setup', {}, auth(token));
    const secret = setup.body.message.secret as string;
    const bad = await call(t.app, 'POST', 'admin/2fa/enable', { code: '123' }, auth(token));
    expect(bad.body.code).toBe('TWO_FACTOR_INVALID');
    const on = await call(
      t.app,
      'POST',
      'admin/2fa/enable',
      { code: code(t, secret) },
      auth(token),
    );
    expect(on.body.message.recovery_codes).toHaveLength(10);
    expect((await call(t.app, 'POST', 'admin/2fa/setup', {}, auth(token))).body.code).toBe(
      'TWO_FACTOR_ALREADY_ON',
    );

    t.clock.advance(STEP_MS);
    const withCode = await loginWithCode(t, DEMO_ADMIN, code(t, secret));
    expect(withCode.status).toBe(200);
    t.clock.advance(STEP_MS);
    const off = await call(
      t.app,
      'POST',
      'admin/2fa/disable',
      { code: code(t, secret) },
      auth(token),
    );
    expect(off.status).toBe(200);
    expect((await login(t, DEMO_ADMIN)).body.message.token).toEqual(expect.any(String));
  });
});

describe('operator sessions', () => {
  let t: App;
  beforeAll(async () => {
    t = await moneyApp(UNLIMITED);
  });
  afterAll(() => t.close());

  const loginAs = async (who: { email: string; password: string }, agent: string) =>
    (await call(t.app, 'POST', 'admin/login', who, { 'user-agent': agent })).body.message
      .token as string;
  const sessions = (token: string, scope = 'mine') =>
    call(t.app, 'GET', 'admin/sessions', { scope }, auth(token));

  it('lists their own sessions with address, agent and last use; ending one stops its token', async () => {
    const here = await loginAs(DEMO_ADMIN, 'Firefox/140 desk');
    const there = await loginAs(DEMO_ADMIN, 'Chrome/139 laptop');
    t.clock.advance(120_000);
    expect((await me(t, there)).status).toBe(200);

    const { body } = await sessions(here);
    const list = body.message.list as {
      id: number;
      current: boolean;
      agent: string;
      ip: string;
      last_seen_at: number;
    }[];
    const mine = list.find((s) => s.current)!;
    const other = list.find((s) => s.agent === 'Chrome/139 laptop')!;
    expect(mine.agent).toBe('Firefox/140 desk');
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(other).toMatchObject({ current: false, ip: '127.0.0.1' });
    expect(other.last_seen_at).toBe(t.clock.now().getTime());

    const revoked = await call(t.app, 'POST', `admin/sessions/${other.id}/revoke`, {}, auth(here));
    expect(revoked.status).toBe(200);
    expect((await me(t, there)).status).toBe(401);
    expect((await me(t, here)).status).toBe(200);
    const audit = await call(
      t.app,
      'GET',
      'admin/audit/search',
      { action: 'operator.session.revoke' },
      auth(here),
    );
    expect(audit.body.message.list[0]).toMatchObject({
      admin: DEMO_ADMIN.email,
      after: 'revoked',
      before: expect.stringContaining('Chrome/139 laptop'),
    });
  });

  it("shows everyone's sessions to an admin only; others cannot see or end them", async () => {
    const admin = await loginAs(DEMO_ADMIN, 'Firefox/140 desk');
    const reviewer = await adminToken(t, 'reviewer');
    expect((await sessions(reviewer, 'all')).body.code).toBe('FORBIDDEN');
    const own = (await sessions(reviewer)).body.message.list as { email: string }[];
    expect(new Set(own.map((s) => s.email)).size).toBe(1);
    expect(own[0]!.email).not.toBe(DEMO_ADMIN.email);

    const everyone = (await sessions(admin, 'all')).body.message.list as {
      id: number;
      email: string;
    }[];
    const adminSession = everyone.find((s) => s.email === DEMO_ADMIN.email)!;
    const reviewerSession = everyone.find((s) => s.email === own[0]!.email)!;
    const refused = await call(
      t.app,
      'POST',
      `admin/sessions/${adminSession.id}/revoke`,
      {},
      auth(reviewer),
    );
    expect(refused.status).toBe(404);
    await call(t.app, 'POST', `admin/sessions/${reviewerSession.id}/revoke`, {}, auth(admin));
    expect((await me(t, reviewer)).status).toBe(401);
  });
});
