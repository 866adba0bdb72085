import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeys, auditLog, notifications } from '@hx/db';
import { call, latestCode, registerEmail } from '../../test/harness.ts';
import { adminToken, auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';
import { signWithSecret } from './signing.ts';

type Key = { id: number; key: string; secret: string };

/**
 * Whatever ends all of a user's sessions deletes their API keys in the same transaction and
 * tells them: a password reset, a password change, an operator ending every session.
 */
describe('API keys end with the sessions', () => {
  let t: MoneyApp;
  let user: { id: number; token: string; email: string };
  let bystander: { token: string; key: Key };

  beforeEach(async () => {
    t = await moneyApp();
    const email = 'keeper@example.com';
    const registered = await registerEmail(t.app, email, 'first-pass');
    user = { id: registered.user.id, token: registered.token, email };
    const other = await registerEmail(t.app, 'bystander@example.com', 'other-pass');
    bystander = { token: other.token, key: await createKey(other.token) };
  });
  afterEach(() => t.close());

  async function createKey(token: string, label = 'bot'): Promise<Key> {
    const { status, body } = await call(
      t.app,
      'POST',
      'user/api_keys',
      { label, permissions: 'read' },
      auth(token),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body.message as Key;
  }

  /** A program's signed read (docs/api.md): its status and error code. */
  async function signedRead(key: Key) {
    const url = '/api/user/center';
    const timestamp = String(t.clock.now().getTime());
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        'x-api-key': key.key,
        'x-api-timestamp': timestamp,
        'x-api-signature': signWithSecret(key.secret, `${timestamp}GET${url}`),
      },
    });
    return [response.statusCode, response.json().code ?? 'ok'] as const;
  }

  const keysTold = async (userId: number) =>
    t.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), eq(notifications.kind, 'security_api_keys_revoked')),
      );

  async function expectKeysGone(keys: Key[]) {
    for (const key of keys) expect(await signedRead(key)).toEqual([401, 'API_KEY_INVALID']);
    const rows = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows.map((r) => r.revokedAt?.getTime())).toEqual(
      keys.map(() => t.clock.now().getTime()),
    );
    // Another user's key is nobody else's business.
    expect(await signedRead(bystander.key)).toEqual([200, 'ok']);
    expect(await keysTold(user.id)).toEqual([{ params: { count: keys.length } }]);
    const list = await call(t.app, 'GET', 'notifications', {}, auth(user.token, { lang: 'en' }));
    expect(list.status).toBe(200);
    expect(list.body.message.list).toContainEqual(
      expect.objectContaining({
        kind: 'security_api_keys_revoked',
        title: 'API keys deleted',
        body: expect.stringContaining(`(${keys.length})`),
      }),
    );
  }

  async function resetPassword(code: string) {
    return call(t.app, 'POST', 'user/forget', {
      account: user.email,
      code,
      password: 'new-password',
      re_password: 'new-password',
    });
  }

  it('a password reset deletes them; a reset refused for a wrong code deletes nothing', async () => {
    const keys = [await createKey(user.token, 'grid'), await createKey(user.token, 'watcher')];
    expect(await signedRead(keys[0]!)).toEqual([200, 'ok']);
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'forget' });
    const code = await latestCode(t.app, user.email);

    const refused = await resetPassword(code === '000000' ? '111111' : '000000');
    expect(refused.body.code).toBe('CODE_INVALID');
    expect(await signedRead(keys[1]!)).toEqual([200, 'ok']);
    expect(await keysTold(user.id)).toEqual([]);

    expect((await resetPassword(code)).status).toBe(200);
    const login = await call(t.app, 'POST', 'user/login', {
      account: user.email,
      password: 'new-password',
    });
    user.token = login.body.message.token;
    await expectKeysGone(keys);
    // Keys made after the reset work.
    expect(await signedRead(await createKey(user.token))).toEqual([200, 'ok']);
  });

  it('a password change deletes them too; the session that changed it stays', async () => {
    const key = await createKey(user.token);
    const changed = await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'first-pass', password: 'second-pass', re_password: 'second-pass' },
      auth(user.token),
    );
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(user.token))).status).toBe(200);
    await expectKeysGone([key]);
  });

  it("an operator ending all the user's sessions deletes them, audited", async () => {
    const admin = await adminToken(t);
    const key = await createKey(user.token);
    const ended = await call(
      t.app,
      'POST',
      `admin/users/${user.id}/sessions/revoke`,
      { reason: 'account taken over' },
      auth(admin),
    );
    expect(ended.body.message).toEqual({ count: 1 });
    expect((await call(t.app, 'GET', 'user/center', {}, auth(user.token))).status).toBe(401);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sessions.revoke'), eq(auditLog.targetId, user.id)));
    expect([audit?.before, audit?.after]).toEqual(['1 live, 1 API keys', '0 live, 0 API keys']);
    const login = await call(t.app, 'POST', 'user/login', {
      account: user.email,
      password: 'first-pass',
    });
    user.token = login.body.message.token;
    await expectKeysGone([key]);
  });

  it('a user without keys is not told about keys', async () => {
    const admin = await adminToken(t);
    await call(t.app, 'POST', `admin/users/${user.id}/sessions/revoke`, {}, auth(admin));
    const changed = await call(t.app, 'POST', 'user/login', {
      account: user.email,
      password: 'first-pass',
    });
    await call(
      t.app,
      'POST',
      'safe/update_password',
      { old_password: 'first-pass', password: 'second-pass', re_password: 'second-pass' },
      auth(changed.body.message.token),
    );
    expect(await keysTold(user.id)).toEqual([]);
  });
});
