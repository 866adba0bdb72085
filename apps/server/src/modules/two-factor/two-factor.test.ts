import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { loginHistory, recoveryCodes } from '@hx/db';
import { call, registerEmail } from '../../test/harness.ts';
import { totpCode } from '../../lib/totp.ts';
import { auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';
import { codeNow, enableTwoFactor, nextCode } from './test-kit.ts';

let t: MoneyApp;
beforeAll(async () => {
  // Many logins a minute from one address: the rate limits are another test's subject.
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
});
afterAll(() => t.close());

const PASSWORD = 'secret123';
let n = 0;
/** A user registered through the real flow (so the password logs in), with 2FA on. */
async function protectedUser() {
  const email = `two-factor-${++n}@example.com`;
  const { token, user } = await registerEmail(t.app, email, PASSWORD);
  const { secret, recoveryCodes } = await enableTwoFactor(t, token);
  return { email, token, id: user.id, secret, recoveryCodes };
}

const login = (email: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', 'user/login', { account: email, password: PASSWORD }, headers);
const secondStep = (ticket: string, code: string, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', 'user/login/2fa', { ticket, code }, headers);
async function ticketOf(email: string): Promise<string> {
  const { status, body } = await login(email);
  expect(status).toBe(200);
  return body.message.ticket;
}
const center = async (token: string) =>
  (await call(t.app, 'GET', 'user/center', {}, auth(token))).body.message;
const loginNotices = async (token: string) =>
  (await call(t.app, 'GET', 'notifications', {}, auth(token))).body.message.list.filter(
    (item: { kind: string }) =>
      item.kind === 'security_login' || item.kind === 'security_new_device',
  ).length;

describe('turning the authenticator on', () => {
  it('keeps the secret pending until a code from it proves it was scanned', async () => {
    const { token } = await registerEmail(t.app, 'setup@example.com', PASSWORD);
    expect(await center(token)).toMatchObject({ two_factor: false });
    const setup = await call(t.app, 'POST', 'user/2fa/setup', {}, auth(token));
    const { secret, otpauth } = setup.body.message;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth).toContain(`secret=${secret}`);
    expect(otpauth).toContain('setup%40example.com');
    expect(otpauth).toContain(`issuer=${encodeURIComponent(t.config.appName)}`);

    const wrong = await call(t.app, 'POST', 'user/2fa/enable', { code: '000000' }, auth(token));
    expect(wrong.body).toMatchObject({
      code: 'TWO_FACTOR_INVALID',
      message: 'The authenticator code is wrong or already used',
    });
    expect(await center(token)).toMatchObject({ two_factor: false });
    // Logging in still needs the password only.
    expect((await login('setup@example.com')).body.message.token).toBeTruthy();

    const on = await call(
      t.app,
      'POST',
      'user/2fa/enable',
      { code: codeNow(t, secret) },
      auth(token),
    );
    const codes: string[] = on.body.message.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await center(token)).toMatchObject({ two_factor: true });
    const again = await call(t.app, 'POST', 'user/2fa/setup', {}, auth(token));
    expect(again.body.code).toBe('TWO_FACTOR_ALREADY_ON');
  });

  it('keeps only hashes of the recovery codes', async () => {
    const user = await protectedUser();
    const stored = await t.db
      .select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.subjectId, user.id));
    expect(stored).toHaveLength(10);
    const all = JSON.stringify(stored);
    for (const code of user.recoveryCodes) expect(all).not.toContain(code);
  });

  it('refuses to enable without a setup, in the language asked for', async () => {
    const { token } = await registerEmail(t.app, 'nosetup@example.com', PASSWORD);
    const { status, body } = await call(
      t.app,
      'POST',
      'user/2fa/enable',
      { code: '123456' },
      auth(token, { lang: 'zh' }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'TWO_FACTOR_SETUP_FIRST',
      message: '请先开始设置身份验证器',
    });
    const empty = await call(t.app, 'POST', 'user/2fa/enable', {}, auth(token));
    expect(empty.body.code).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('logging in with the authenticator on', () => {
  it('stops at a ticket after the password and starts the session only with a code', async () => {
    const user = await protectedUser();
    const noticesBefore = await loginNotices(user.token);
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(first.body.message).toEqual({ need_2fa: true, ticket: expect.any(String) });
    expect(JSON.stringify(first.body)).not.toContain('token');
    // The password alone tells nobody of a login: it is not one yet.
    expect(await loginNotices(user.token)).toBe(noticesBefore);

    // The code that turned 2FA on was spent: the same step is refused.
    const reused = await secondStep(first.body.message.ticket, codeNow(t, user.secret));
    expect(reused.body.code).toBe('TWO_FACTOR_CODE_USED');

    const done = await secondStep(first.body.message.ticket, nextCode(t, user.secret));
    expect(done.status).toBe(200);
    expect(done.body.message.user).toMatchObject({ id: user.id, two_factor: true });
    const token: string = done.body.message.token;
    expect(await center(token)).toMatchObject({ id: user.id });
    expect(await loginNotices(user.token)).toBe(noticesBefore + 1);

    // A ticket logs in once.
    const twice = await secondStep(first.body.message.ticket, nextCode(t, user.secret));
    expect(twice.body.code).toBe('LOGIN_TICKET_INVALID');

    const history = await t.db
      .select({ result: loginHistory.result, method: loginHistory.method })
      .from(loginHistory)
      .where(eq(loginHistory.userId, user.id))
      .orderBy(asc(loginHistory.id));
    expect(history.slice(-3)).toEqual([
      { result: 'need_2fa', method: 'password' },
      { result: 'wrong_code', method: '2fa' },
      { result: 'ok', method: '2fa' },
    ]);
  });

  it('takes each recovery code once', async () => {
    const user = await protectedUser();
    const [recovery] = user.recoveryCodes;
    const done = await secondStep(await ticketOf(user.email), recovery!.toUpperCase());
    expect(done.status).toBe(200);
    expect(done.body.message.token).toBeTruthy();
    const again = await secondStep(await ticketOf(user.email), recovery!);
    expect(again.body.code).toBe('TWO_FACTOR_INVALID');
    const [, other] = user.recoveryCodes;
    expect((await secondStep(await ticketOf(user.email), other!)).status).toBe(200);
  });

  it('lets a ticket expire after 5 minutes and take 3 codes', async () => {
    const user = await protectedUser();
    const late = await ticketOf(user.email);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await secondStep(late, nextCode(t, user.secret));
    expect(expired.body).toMatchObject({
      code: 'LOGIN_TICKET_INVALID',
      message: 'This login has expired, please log in again',
    });

    const ticket = await ticketOf(user.email);
    for (let i = 0; i < 3; i++)
      expect((await secondStep(ticket, '000000')).body.code).toBe('TWO_FACTOR_INVALID');
    // The fourth try is refused before the code is looked at, even a right one.
    const spent = await secondStep(ticket, nextCode(t, user.secret));
    expect(spent.body.code).toBe('LOGIN_TICKET_INVALID');
    expect((await secondStep(await ticketOf(user.email), codeNow(t, user.secret))).status).toBe(
      200,
    );
  });

  it('locks the second factor after 5 wrong codes across tickets, for 15 minutes', async () => {
    const user = await protectedUser();
    const answers: string[] = [];
    for (const ticket of [await ticketOf(user.email), await ticketOf(user.email)])
      for (let i = 0; i < 3 && answers.length < 5; i++)
        answers.push((await secondStep(ticket, '111111')).body.code);
    expect(answers).toEqual([
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_INVALID',
      'TWO_FACTOR_LOCKED',
    ]);
    const right = await secondStep(await ticketOf(user.email), nextCode(t, user.secret), {
      lang: 'esp',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(
      'Demasiados códigos de autenticación incorrectos, inténtalo de nuevo en 15 minutos',
    );
    t.clock.advance(15 * 60_000 + 1);
    const later = await secondStep(await ticketOf(user.email), codeNow(t, user.secret));
    expect(later.status).toBe(200);
  });

  it('counts concurrent wrong codes: at most 5 are looked at', async () => {
    const user = await protectedUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          t.app,
          'POST',
          'user/2fa/disable',
          { code: String(100000 + i) },
          auth(user.token),
        ).then((r) => r.body.code as string),
      ),
    );
    // A guess that happened to be right would have turned 2FA off.
    expect(await center(user.token)).toMatchObject({ two_factor: true });
    expect(answers.filter((c) => c === 'TWO_FACTOR_INVALID').length).toBeLessThanOrEqual(4);
    expect(answers.filter((c) => c === 'TWO_FACTOR_LOCKED').length).toBeGreaterThanOrEqual(16);
    const right = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: nextCode(t, user.secret) },
      auth(user.token),
    );
    expect(right.body.code).toBe('TWO_FACTOR_LOCKED');
  });

  it('refuses a ticket of an unknown form or none', async () => {
    const none = await call(t.app, 'POST', 'user/login/2fa', { code: '123456' });
    expect(none.body.code).toBe('LOGIN_TICKET_INVALID');
    const made = await secondStep('not-a-ticket', '123456');
    expect(made.body.code).toBe('LOGIN_TICKET_INVALID');
  });
});

describe('turning the authenticator off', () => {
  it('needs a code, then logs in with the password alone', async () => {
    const user = await protectedUser();
    const missing = await call(t.app, 'POST', 'user/2fa/disable', {}, auth(user.token));
    expect(missing.body.code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: '000000' },
      auth(user.token),
    );
    expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
    // `totp` is accepted as well, the field every other protected action uses.
    const off = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { totp: nextCode(t, user.secret) },
      auth(user.token),
    );
    expect(off).toMatchObject({ status: 200, body: { message: {} } });
    expect(await center(user.token)).toMatchObject({ two_factor: false });
    expect((await login(user.email)).body.message.token).toBeTruthy();
    const again = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: codeNow(t, user.secret) },
      auth(user.token),
    );
    expect(again.body.code).toBe('TWO_FACTOR_OFF');
    const left = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.subjectId, user.id));
    expect(left).toEqual([]);
  });

  it('takes a recovery code when the phone is lost, and a new setup gives a new secret', async () => {
    const user = await protectedUser();
    const off = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: user.recoveryCodes[3]! },
      auth(user.token),
    );
    expect(off.status).toBe(200);
    const { secret } = await enableTwoFactor(t, user.token);
    expect(secret).not.toBe(user.secret);
    // The old authenticator's codes mean nothing now.
    const ticket = await ticketOf(user.email);
    t.clock.advance(30_000);
    const old = await secondStep(ticket, totpCode(user.secret, t.clock.now()));
    expect(old.body.code).toBe('TWO_FACTOR_INVALID');
  });
});
