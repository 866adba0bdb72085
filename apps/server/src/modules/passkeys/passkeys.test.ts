import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerEmail, testApp, type TestApp } from '../../test/harness.ts';
import { relyingParty } from './relying-party.ts';
import { softAuthenticator } from './soft-authenticator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const HOST = 'localhost:8603';
const ORIGIN = `http://${HOST}`;
const AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';
const headers = (token?: string) => ({
  host: HOST,
  'user-agent': AGENT,
  ...(token ? { authorization: token } : {}),
});

type Authenticator = ReturnType<typeof softAuthenticator>;

/** The password registerEmail gives: what adding a passkey asks for while 2FA is off. */
const PASSWORD = 'secret123';

/**
 * Adds a passkey the way the app does: options (with the password, or `proof`), the
 * authenticator, then the answer.
 */
async function addPasskey(
  token: string,
  device: Authenticator,
  name = 'My phone',
  proof: Record<string, string> = { password: PASSWORD },
) {
  const options = await call(t.app, 'POST', 'user/passkeys/options', proof, headers(token));
  expect(options.status).toBe(200);
  const response = JSON.stringify(device.create(options.body.message));
  return call(t.app, 'POST', 'user/passkeys', { name, response }, headers(token));
}

/** Logs in with a passkey, no account named. */
async function passkeyLogin(device: Authenticator, id?: string) {
  const options = await call(t.app, 'POST', 'user/login/passkey/options', {}, headers());
  expect(options.status).toBe(200);
  const response = JSON.stringify(device.get(options.body.message, id));
  return call(t.app, 'POST', 'user/login/passkey', { response }, headers());
}

describe('passkeys', () => {
  it('adds a passkey, locks withdrawals for 24 h and tells the user', async () => {
    const me = await registerEmail(t.app, 'pk-add@example.com');
    const added = await addPasskey(me.token, softAuthenticator(ORIGIN));
    expect(added.status).toBe(200);
    const now = t.clock.now().getTime();
    expect(added.body.message).toEqual({
      id: expect.any(Number),
      name: 'My phone',
      created_at: now,
      last_used_at: null,
    });
    const list = await call(t.app, 'GET', 'user/passkeys', {}, headers(me.token));
    expect(list.body.message.list).toEqual([added.body.message]);
    const security = await call(t.app, 'GET', 'user/security', {}, headers(me.token));
    expect(security.body.message).toMatchObject({
      passkeys: 1,
      withdraw_locked_until: now + 24 * 3_600_000,
    });
    const told = await call(t.app, 'GET', 'notifications', {}, headers(me.token));
    expect(told.body.message.list).toContainEqual(
      expect.objectContaining({
        kind: 'security_passkey_added',
        title: 'Passkey added',
        body: expect.stringContaining('“My phone” was added to your account'),
      }),
    );
  });

  it('logs in with the passkey and no password, like user/login, and records it', async () => {
    const me = await registerEmail(t.app, 'pk-login@example.com');
    const device = softAuthenticator(ORIGIN);
    expect((await addPasskey(me.token, device, 'Laptop')).status).toBe(200);
    t.clock.advance(60_000);

    const login = await passkeyLogin(device);
    expect(login.status).toBe(200);
    expect(login.body.message.user).toMatchObject({
      id: me.user.id,
      email: 'pk-login@example.com',
    });
    const token: string = login.body.message.token;
    expect(token).not.toBe(me.token);
    const center = await call(t.app, 'GET', 'user/center', {}, headers(token));
    expect(center.body.message.id).toBe(me.user.id);

    const history = await call(t.app, 'GET', 'user/login_history', {}, headers(token));
    expect(history.body.message.list[0]).toMatchObject({
      result: 'ok',
      method: 'passkey',
      agent: AGENT,
      at: t.clock.now().getTime(),
    });
    const [key] = (await call(t.app, 'GET', 'user/passkeys', {}, headers(token))).body.message.list;
    expect(key).toMatchObject({ name: 'Laptop', last_used_at: t.clock.now().getTime() });
  });

  it('refuses a replayed answer, an old challenge, another site and a removed passkey', async () => {
    const me = await registerEmail(t.app, 'pk-refused@example.com');
    const device = softAuthenticator(ORIGIN);
    expect((await addPasskey(me.token, device)).status).toBe(200);

    const options = await call(t.app, 'POST', 'user/login/passkey/options', {}, headers());
    const response = JSON.stringify(device.get(options.body.message));
    expect((await call(t.app, 'POST', 'user/login/passkey', { response }, headers())).status).toBe(
      200,
    );
    const replay = await call(t.app, 'POST', 'user/login/passkey', { response }, headers());
    expect(replay.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const stale = await call(t.app, 'POST', 'user/login/passkey/options', {}, headers());
    t.clock.advance(6 * 60_000);
    const late = JSON.stringify(device.get(stale.body.message));
    expect(
      (await call(t.app, 'POST', 'user/login/passkey', { response: late }, headers())).body.code,
    ).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // A forged signature for a registered passkey: refused, and in the owner's login history.
    const fresh = await call(t.app, 'POST', 'user/login/passkey/options', {}, headers());
    const forged = device.get(fresh.body.message);
    const sig = forged.response.signature;
    forged.response.signature = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const refused = await call(
      t.app,
      'POST',
      'user/login/passkey',
      { response: JSON.stringify(forged) },
      headers(),
    );
    expect(refused.body.code).toBe('PASSKEY_INVALID');
    const history = await call(t.app, 'GET', 'user/login_history', {}, headers(me.token));
    expect(history.body.message.list[0]).toMatchObject({
      result: 'wrong_passkey',
      method: 'passkey',
    });

    // A phishing site's page gets a signature for its own origin, which is not ours.
    const phished = softAuthenticator('http://evil.example');
    const theirs = await addPasskey(me.token, phished, 'Phished');
    expect(theirs.body.code).toBe('PASSKEY_INVALID');

    const [key] = (await call(t.app, 'GET', 'user/passkeys', {}, headers(me.token))).body.message
      .list;
    const removed = await call(
      t.app,
      'POST',
      `user/passkeys/${key.id}/delete`,
      {},
      headers(me.token),
    );
    expect(removed.status).toBe(200);
    expect((await passkeyLogin(device)).body).toMatchObject({
      code: 'PASSKEY_UNKNOWN',
      message: 'This passkey is not registered with any account. Log in with your password',
    });
  });

  it("keeps each user's passkeys and challenges to that user", async () => {
    const alice = await registerEmail(t.app, 'pk-alice@example.com');
    const bob = await registerEmail(t.app, 'pk-bob@example.com');
    const added = await addPasskey(alice.token, softAuthenticator(ORIGIN));
    const removeAlices = await call(
      t.app,
      'POST',
      `user/passkeys/${added.body.message.id}/delete`,
      {},
      headers(bob.token),
    );
    expect(removeAlices).toMatchObject({ status: 404, body: { code: 'PASSKEY_NOT_FOUND' } });
    expect(
      (await call(t.app, 'GET', 'user/passkeys', {}, headers(bob.token))).body.message,
    ).toEqual({ list: [] });

    // Alice's registration challenge cannot be answered into Bob's account.
    const options = await call(
      t.app,
      'POST',
      'user/passkeys/options',
      { password: PASSWORD },
      headers(alice.token),
    );
    const response = JSON.stringify(softAuthenticator(ORIGIN).create(options.body.message));
    const intoBob = await call(
      t.app,
      'POST',
      'user/passkeys',
      { name: 'Sneaky', response },
      headers(bob.token),
    );
    expect(intoBob.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('says what is wrong with a name or an answer, in the language asked for', async () => {
    const me = await registerEmail(t.app, 'pk-input@example.com');
    const device = softAuthenticator(ORIGIN);
    const cases: [string, string][] = [
      ['', 'PASSKEY_NAME_REQUIRED'],
      ['x'.repeat(41), 'PASSKEY_NAME_INVALID'],
      ['line\nbreak', 'PASSKEY_NAME_INVALID'],
    ];
    for (const [name, code] of cases)
      expect((await addPasskey(me.token, device, name)).body.code).toBe(code);
    const garbage = await call(
      t.app,
      'POST',
      'user/login/passkey',
      { response: '{"id":' },
      { ...headers(), lang: 'zh' },
    );
    expect(garbage).toMatchObject({
      status: 400,
      body: { code: 'PASSKEY_INVALID', message: '无法验证该通行密钥' },
    });
    const unauthenticated = await call(t.app, 'POST', 'user/passkeys/options', {}, headers());
    expect(unauthenticated.status).toBe(401);
  });

  it('binds passkeys to PUBLIC_URL when set, else to the host the request came to', () => {
    const request = { hostname: 'localhost', host: 'localhost:8603', protocol: 'http' as const };
    expect(relyingParty({ appName: 'HX', publicUrl: undefined }, request)).toEqual({
      id: 'localhost',
      origin: 'http://localhost:8603',
      name: 'HX',
    });
    const site = { appName: 'HX', publicUrl: 'https://exchange.example:8443' };
    expect(relyingParty(site, request)).toEqual({
      id: 'exchange.example',
      origin: 'https://exchange.example:8443',
      name: 'HX',
    });
  });
});
