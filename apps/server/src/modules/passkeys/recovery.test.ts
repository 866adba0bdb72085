import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hx/db';
import { call, latestCode, registerEmail } from '../../test/harness.ts';
import { adminToken, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';
import { codeNow, enableTwoFactor, nextCode } from '../two-factor/test-kit.ts';
import { softAuthenticator } from './soft-authenticator.ts';

/**
 * A passkey logs in without the password or the second factor, so it takes them to add one,
 * and the steps that take an account back (a password reset, support ending every session, an
 * operator removing it) leave none behind.
 */

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
});
afterAll(() => t.close());

const HOST = 'localhost:8604';
const ORIGIN = `http://${HOST}`;
const PASSWORD = 'secret123';
const headers = (token?: string, extra: Record<string, string> = {}) => ({
  host: HOST,
  ...(token ? { authorization: token } : {}),
  ...extra,
});
let n = 0;
const newUser = async () => {
  const email = `pk-recovery-${++n}@example.com`;
  return { email, ...(await registerEmail(t.app, email, PASSWORD)) };
};

const options = (token: string, proof: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', 'user/passkeys/options', proof, headers(token, { lang }));

async function addPasskey(
  token: string,
  device = softAuthenticator(ORIGIN),
  proof: Record<string, string> = { password: PASSWORD },
) {
  const asked = await options(token, proof);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const response = JSON.stringify(device.create(asked.body.message));
  const added = await call(
    t.app,
    'POST',
    'user/passkeys',
    { name: 'Phone', response },
    headers(token),
  );
  expect(added.status).toBe(200);
  return { device, id: added.body.message.id as number };
}

async function passkeyLogin(device: ReturnType<typeof softAuthenticator>) {
  const asked = await call(t.app, 'POST', 'user/login/passkey/options', {}, headers());
  const response = JSON.stringify(device.get(asked.body.message));
  return call(t.app, 'POST', 'user/login/passkey', { response }, headers());
}

const told = async (token: string) =>
  (await call(t.app, 'GET', 'notifications', {}, headers(token))).body.message.list.filter(
    (item: { kind: string }) => item.kind === 'security_passkeys_removed',
  );

describe('adding a passkey', () => {
  it('takes the password while 2FA is off; a session alone gets no options', async () => {
    const me = await newUser();
    expect((await options(me.token, {}, 'jp')).body).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: 'パスワードを入力してください',
    });
    const wrong = await options(me.token, { password: 'not-mine' }, 'esp');
    expect(wrong.body).toMatchObject({
      code: 'PASSWORD_WRONG',
      message: 'La contraseña es incorrecta',
    });
    // Guessed like a login: five wrong lock it.
    for (let i = 0; i < 3; i++) await options(me.token, { password: `guess-${i}` });
    expect((await options(me.token, { password: 'guess-4' })).body.code).toBe('LOGIN_LOCKED');
    expect((await options(me.token, { password: PASSWORD })).body.code).toBe('LOGIN_LOCKED');
    t.clock.advance(15 * 60_000 + 1);
    const { device } = await addPasskey(me.token);
    expect((await passkeyLogin(device)).status).toBe(200);
  });

  it('takes the authenticator code while 2FA is on (the password is not enough), each code once', async () => {
    const me = await newUser();
    const { secret } = await enableTwoFactor(t, me.token);
    expect((await options(me.token, {})).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await options(me.token, { password: PASSWORD })).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await options(me.token, { totp: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
    // The code that turned 2FA on is spent.
    expect((await options(me.token, { totp: codeNow(t, secret) })).body.code).toBe(
      'TWO_FACTOR_CODE_USED',
    );
    const { device } = await addPasskey(me.token, undefined, { totp: nextCode(t, secret) });
    expect((await passkeyLogin(device)).status).toBe(200);
  });
});

describe('taking the account back', () => {
  it('a password reset removes every passkey and tells the user', async () => {
    const me = await newUser();
    const first = await addPasskey(me.token);
    const second = await addPasskey(me.token);
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: me.email, scene: 'forget' });
    const reset = await call(t.app, 'POST', 'user/forget', {
      account: me.email,
      code: await latestCode(t.app, me.email),
      password: 'new-password',
      re_password: 'new-password',
    });
    expect(reset.status).toBe(200);
    for (const { device } of [first, second])
      expect((await passkeyLogin(device)).body.code).toBe('PASSKEY_UNKNOWN');
    const login = await call(t.app, 'POST', 'user/login', {
      account: me.email,
      password: 'new-password',
    });
    const token: string = login.body.message.token;
    expect((await call(t.app, 'GET', 'user/passkeys', {}, headers(token))).body.message).toEqual({
      list: [],
    });
    expect(await told(token)).toEqual([
      expect.objectContaining({
        title: 'Passkeys removed',
        body: expect.stringContaining('Your passkeys were removed (2)'),
      }),
    ]);
  });

  it('a password change keeps them (the old password proved the owner)', async () => {
    const me = await newUser();
    const { device } = await addPasskey(me.token);
    const changed = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: PASSWORD, password: 'changed-pass', re_password: 'changed-pass' },
      headers(me.token),
    );
    expect(changed.status).toBe(200);
    expect((await passkeyLogin(device)).status).toBe(200);
  });

  it('support ending every session removes them, audited', async () => {
    const me = await newUser();
    const { device } = await addPasskey(me.token);
    const admin = await adminToken(t);
    const ended = await call(
      t.app,
      'POST',
      `admin/users/${me.user.id}/sessions/revoke`,
      {},
      headers(admin),
    );
    expect(ended.status).toBe(200);
    expect((await passkeyLogin(device)).body.code).toBe('PASSKEY_UNKNOWN');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sessions.revoke'), eq(auditLog.targetId, me.user.id)));
    expect([audit?.before, audit?.after]).toEqual([
      '1 live, 0 API keys, 1 passkeys',
      '0 live, 0 API keys, 0 passkeys',
    ]);
    const login = await call(t.app, 'POST', 'user/login', {
      account: me.email,
      password: PASSWORD,
    });
    expect(await told(login.body.message.token)).toHaveLength(1);
  });
});

describe('passkeys in the console', () => {
  it("an operator sees a user's passkeys and an admin removes one, audited, the user told", async () => {
    const me = await newUser();
    const other = await newUser();
    const kept = await addPasskey(me.token);
    const stranger = await addPasskey(me.token);
    const theirs = await addPasskey(other.token);
    const admin = await adminToken(t);
    const support = await adminToken(t, 'support');

    const detail = await call(t.app, 'GET', `admin/users/${me.user.id}`, {}, headers(support));
    expect(detail.body.message.passkeys).toEqual([
      { id: kept.id, name: 'Phone', created_at: expect.any(Number), last_used_at: null },
      { id: stranger.id, name: 'Phone', created_at: expect.any(Number), last_used_at: null },
    ]);

    const remove = (userId: number, passkey: number, token: string) =>
      call(
        t.app,
        'POST',
        `admin/users/${userId}/passkeys/${passkey}/delete`,
        { reason: 'owner does not know it' },
        headers(token),
      );
    expect((await remove(me.user.id, stranger.id, support)).status).toBe(403);
    // Only through its own user.
    expect((await remove(me.user.id, theirs.id, admin)).body.code).toBe('PASSKEY_NOT_FOUND');
    expect((await passkeyLogin(theirs.device)).status).toBe(200);

    expect((await remove(me.user.id, stranger.id, admin)).status).toBe(200);
    expect((await passkeyLogin(stranger.device)).body.code).toBe('PASSKEY_UNKNOWN');
    expect((await passkeyLogin(kept.device)).status).toBe(200);
    const after = await call(t.app, 'GET', `admin/users/${me.user.id}`, {}, headers(admin));
    expect(after.body.message.passkeys.map((p: { id: number }) => p.id)).toEqual([kept.id]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.passkey.remove'), eq(auditLog.targetId, me.user.id)));
    expect(audit).toMatchObject({
      before: `passkey #${stranger.id} “Phone”`,
      after: 'removed',
      reason: 'owner does not know it',
    });
    expect(await told(me.token)).toEqual([
      expect.objectContaining({ body: expect.stringContaining('(1)') }),
    ]);
  });
});
