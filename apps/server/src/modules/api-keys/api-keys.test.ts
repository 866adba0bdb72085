import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { errorMessage } from '@hx/protocol';
import { loadConfig } from '../../config.ts';
import { eq } from 'drizzle-orm';
import { apiKeys, apiSignatures } from '@hx/db';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { fund, spotBalance } from '../spot/test-kit.ts';
import { codeNow, enableTwoFactor } from '../two-factor/test-kit.ts';
import { secretHashOf, signWithSecret } from './signing.ts';

const BTC = 1;
const USDT = 3;

type Key = { id: number; key: string; secret: string };
type Signed = {
  fields?: Record<string, string>;
  json?: unknown;
  timestamp?: number;
  ip?: string;
  signature?: string;
};

describe('API keys for programs', () => {
  let t: MoneyApp;
  let admin: string;
  let user: TestUser;

  beforeEach(async () => {
    t = await moneyApp();
    admin = await adminToken(t);
    user = await seedUser(t, { kyc: true, pay: true });
  });
  afterEach(() => t.close());

  async function createKey(fields: Record<string, string> = {}, token = user.token) {
    const { status, body } = await call(
      t.app,
      'POST',
      'user/api_keys',
      { label: 'bot', permissions: 'read,trade', ...fields },
      auth(token),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body.message as Key;
  }

  /** A request signed as the docs say; a form body unless `json` is given. */
  async function signed(key: Key, method: 'GET' | 'POST' | 'PUT', path: string, o: Signed = {}) {
    const query = method === 'GET' && o.fields ? `?${new URLSearchParams(o.fields)}` : '';
    const url = `/api/${path}${query}`;
    const body =
      o.json !== undefined
        ? JSON.stringify(o.json)
        : method === 'GET'
          ? ''
          : new URLSearchParams(o.fields ?? {}).toString();
    const timestamp = String(o.timestamp ?? t.clock.now().getTime());
    const signature =
      o.signature ?? signWithSecret(key.secret, `${timestamp}${method}${url}${body}`);
    const response = await t.app.inject({
      method,
      url,
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: {
        'x-api-key': key.key,
        'x-api-timestamp': timestamp,
        'x-api-signature': signature,
        ...(body
          ? {
              'content-type':
                o.json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded',
            }
          : {}),
      },
      payload: body || undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as any, signature };
  }

  it('shows the secret once, keeps only its hash, and lists keys without secrets', async () => {
    const key = await createKey({ label: 'grid bot', ips: '10.0.0.1, 10.0.0.2' });
    expect(key.secret).toMatch(/^[0-9a-f]{128}$/);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(secretHashOf(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);

    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
    expect(list.body.message.list).toEqual([
      {
        id: key.id,
        label: 'grid bot',
        key: key.key,
        permissions: 'read,trade',
        kind: 'hmac',
        ips: ['10.0.0.1', '10.0.0.2'],
        created_at: t.clock.now().getTime(),
        last_used_at: null,
      },
    ]);
    const other = await seedUser(t);
    const theirs = await call(t.app, 'GET', 'user/api_keys', {}, auth(other.token));
    expect(theirs.body.message.list).toEqual([]);
  });

  it('registers an Ed25519 key from its public key (PEM or 32 bytes in base64), keeps nothing that can sign, and signs /api/v3 requests with it', async () => {
    const pair = generateKeyPairSync('ed25519');
    const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const raw = pair.publicKey.export({ type: 'spki', format: 'der' }).subarray(12);
    for (const publicKey of [pem, raw.toString('base64')]) {
      const created = await call(
        t.app,
        'POST',
        'user/api_keys',
        { label: 'ed', permissions: 'read', public_key: publicKey },
        auth(user.token),
      );
      expect(created.body.message).toMatchObject({ kind: 'ed25519', secret: null });
      const [row] = await t.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.id, created.body.message.id));
      expect(row).toMatchObject({ publicKey: pem, secretHash: null });
      const query = `timestamp=${t.clock.now().getTime()}`;
      const signature = sign(null, Buffer.from(query), pair.privateKey).toString('base64');
      const account = await t.app.inject({
        url: `/api/v3/account?${query}&signature=${encodeURIComponent(signature)}`,
        headers: { 'x-mbx-apikey': created.body.message.key },
      });
      expect(account.statusCode, account.body).toBe(200);
      expect(account.json()).toMatchObject({ accountType: 'SPOT', canWithdraw: false });
    }
    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.body.message.list.map((k: { kind: string }) => k.kind)).toEqual([
      'ed25519',
      'ed25519',
    ]);

    // Not an Ed25519 public key: refused in the user's language, nothing kept.
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    for (const text of [
      'hello',
      rsa.export({ type: 'spki', format: 'pem' }).toString(),
      'A'.repeat(44),
    ]) {
      const refused = await call(
        t.app,
        'POST',
        'user/api_keys',
        { label: 'bad', permissions: 'read', public_key: text },
        auth(user.token, { lang: 'zh' }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'API_KEY_PUBLIC_KEY_INVALID',
        message: errorMessage('API_KEY_PUBLIC_KEY_INVALID', 'zh'),
      });
    }
    expect((await t.db.select().from(apiKeys)).length).toBe(2);
  });

  it('refuses a malformed create: unknown permission, withdraw, bad addresses', async () => {
    const malformed: Record<string, string>[] = [
      { label: 'x', permissions: 'read,withdraw' },
      { label: 'x', permissions: 'trade' },
      { label: '', permissions: 'read' },
      { label: 'x', permissions: 'read', ips: 'not-an-ip' },
    ];
    for (const fields of malformed) {
      const { status, body } = await call(t.app, 'POST', 'user/api_keys', fields, auth(user.token));
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(['VALIDATION', 'API_KEY_IP_INVALID']).toContain(body.code);
    }
    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.body.message.list).toEqual([]);
  });

  it('reads balances and orders with a signed request, and records when the key was used', async () => {
    await fund(t, user.id, USDT, '250');
    const key = await createKey({ permissions: 'read' });
    const wallet = await signed(key, 'POST', 'wallet/list');
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    const usdt = wallet.body.message.currency.find(
      (c: { currency_id: number }) => c.currency_id === USDT,
    );
    expect(usdt.available).toMatch(/^250(\.0+)?$/);
    const orders = await signed(key, 'GET', 'coin/list', { fields: { status: 'waiting' } });
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.body.message.list[0].last_used_at).toBe(t.clock.now().getTime());
  });

  it('places and cancels a spot order with read,trade (form and JSON); read alone is refused', async () => {
    await fund(t, user.id, USDT, '1000');
    const trader = await createKey({ permissions: 'read,trade' });
    const placed = await signed(trader, 'POST', 'coin/trade', {
      fields: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '10000', amount: '0.01' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message.status).toBe('waiting');
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '900', frozen: '100' });
    const cancelled = await signed(trader, 'PUT', 'coin/trade', {
      json: { id: placed.body.message.id },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message.status).toBe('cancelled');
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '1000', frozen: '0' });

    const reader = await createKey({ permissions: 'read' });
    const refused = await signed(reader, 'POST', 'coin/trade', {
      fields: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '10000', amount: '0.01' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_FORBIDDEN');
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    expect(await spotBalance(t, user.id, BTC)).toEqual({ available: '0', frozen: '0' });
    await expectBalanced(t.app, admin);
  });

  it('never withdraws, transfers, manages keys or logs out with a key', async () => {
    await fund(t, user.id, USDT, '500');
    const key = await createKey();
    const address = await seedAddress(t, user.id);
    const attempts: [Parameters<typeof signed>[1], string, Record<string, string>][] = [
      [
        'POST',
        'wallet/out',
        { currency_id: '3', address_id: String(address), number: '10', pay_password: PAY },
      ],
      ['POST', 'wallet/change', { currency_id: '3', from: 'currency', to: 'options', number: '1' }],
      ['POST', 'user/api_keys', { label: 'more', permissions: 'read,trade' }],
      ['GET', 'user/api_keys', {}],
      ['POST', `user/api_keys/${key.id}/delete`, {}],
      ['POST', 'user/logout', {}],
    ];
    for (const [method, path, fields] of attempts) {
      const { status, body } = await signed(key, method, path, { fields });
      expect(status, path).toBe(403);
      expect(body.code).toBe('API_KEY_FORBIDDEN');
    }
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: expect.stringMatching(/^500(\.0+)?$/),
      frozen: expect.stringMatching(/^0(\.0+)?$/),
    });
    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.body.message.list).toHaveLength(1);
    await expectBalanced(t.app, admin);
  });

  it('refuses a bad signature, a stale or future timestamp, a replay and a foreign address', async () => {
    const key = await createKey({ ips: '203.0.113.7' });
    const from = { ip: '203.0.113.7' };
    const bad = await signed(key, 'GET', 'coin/list', { ...from, signature: 'ab'.repeat(32) });
    expect([bad.status, bad.body.code]).toEqual([401, 'API_KEY_SIGNATURE']);
    const wrongSecret = await signed(
      { ...key, secret: key.secret.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      'GET',
      'coin/list',
      from,
    );
    expect(wrongSecret.body.code).toBe('API_KEY_SIGNATURE');
    const now = t.clock.now().getTime();
    for (const timestamp of [now - 5001, now + 5001]) {
      const old = await signed(key, 'GET', 'coin/list', { ...from, timestamp });
      expect([old.status, old.body.code]).toEqual([401, 'API_KEY_EXPIRED_TIMESTAMP']);
    }
    const first = await signed(key, 'GET', 'coin/list', from);
    expect(first.status).toBe(200);
    const again = await signed(key, 'GET', 'coin/list', { ...from, signature: first.signature });
    expect([again.status, again.body.code]).toEqual([401, 'API_KEY_REPLAY']);
    const elsewhere = await signed(key, 'GET', 'coin/list', { ip: '198.51.100.1' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'API_KEY_IP']);
    t.clock.advance(1); // a new timestamp: a new signature
    const mapped = await signed(key, 'GET', 'coin/list', { ip: '::ffff:203.0.113.7' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    const unknown = await signed({ ...key, key: 'f'.repeat(32) }, 'GET', 'coin/list', from);
    expect([unknown.status, unknown.body.code]).toEqual([401, 'API_KEY_INVALID']);

    // Signatures outlive their window only briefly: a later request prunes them.
    expect((await t.db.select().from(apiSignatures)).length).toBe(2);
    t.clock.advance(60_000);
    expect((await signed(key, 'GET', 'coin/list', from)).status).toBe(200);
    const kept = await t.db.select().from(apiSignatures);
    expect(kept.map((row) => row.createdAt.getTime())).toEqual([t.clock.now().getTime()]);
  });

  it('a signed body that was changed on the way is refused and places nothing', async () => {
    await fund(t, user.id, USDT, '1000');
    const key = await createKey();
    const timestamp = String(t.clock.now().getTime());
    const sent = 'symbol=BTCUSDT&side=buy&type=limit&price=10000&amount=0.01';
    const signature = signWithSecret(key.secret, `${timestamp}POST/api/coin/trade${sent}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/coin/trade',
      headers: {
        'x-api-key': key.key,
        'x-api-timestamp': timestamp,
        'x-api-signature': signature,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: sent.replace('0.01', '0.09'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('API_KEY_SIGNATURE');
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    await expectBalanced(t.app, admin);
  });

  it('a deleted key is refused at once; another user cannot delete it', async () => {
    const key = await createKey();
    expect((await signed(key, 'GET', 'coin/list')).status).toBe(200);
    const other = await seedUser(t);
    const foreign = await call(
      t.app,
      'POST',
      `user/api_keys/${key.id}/delete`,
      {},
      auth(other.token),
    );
    expect([foreign.status, foreign.body.code]).toEqual([404, 'API_KEY_NOT_FOUND']);
    const gone = await call(t.app, 'POST', `user/api_keys/${key.id}/delete`, {}, auth(user.token));
    expect(gone.status).toBe(200);
    const after = await signed(key, 'GET', 'coin/list');
    expect([after.status, after.body.code]).toEqual([401, 'API_KEY_INVALID']);
    const list = await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token));
    expect(list.body.message.list).toEqual([]);
  });

  it('needs the authenticator code while 2FA is on', async () => {
    const { secret } = await enableTwoFactor(t, user.token);
    t.clock.advance(30_000);
    const fields = { label: 'bot', permissions: 'read' };
    const without = await call(t.app, 'POST', 'user/api_keys', fields, auth(user.token));
    expect([without.status, without.body.code]).toEqual([400, 'TWO_FACTOR_REQUIRED']);
    const wrong = await call(
      t.app,
      'POST',
      'user/api_keys',
      { ...fields, totp: '000000' === codeNow(t, secret) ? '111111' : '000000' },
      auth(user.token),
    );
    expect(wrong.status).toBe(400);
    expect(
      (await call(t.app, 'GET', 'user/api_keys', {}, auth(user.token))).body.message.list,
    ).toEqual([]);
    await createKey({ ...fields, totp: codeNow(t, secret) });
  });
});

describe('API key rate limits', () => {
  it("counts signed requests per key, apart from the user's app session", async () => {
    const limits = { ...loadConfig({}).rateLimit, perUser: 3 };
    const t = await moneyApp({ rateLimit: limits });
    try {
      const user = await seedUser(t);
      const make = async () =>
        (
          await call(
            t.app,
            'POST',
            'user/api_keys',
            { label: 'bot', permissions: 'read' },
            auth(user.token),
          )
        ).body.message as { key: string; secret: string };
      const [first, second] = [await make(), await make()];
      const get = (key: { key: string; secret: string }) => {
        t.clock.advance(1);
        const timestamp = String(t.clock.now().getTime());
        return t.app.inject({
          method: 'GET',
          url: '/api/coin/list',
          headers: {
            'x-api-key': key.key,
            'x-api-timestamp': timestamp,
            'x-api-signature': signWithSecret(key.secret, `${timestamp}GET/api/coin/list`),
          },
        });
      };
      for (let i = 0; i < 3; i++) expect((await get(first)).statusCode).toBe(200);
      const over = await get(first);
      expect([over.statusCode, over.json().code]).toEqual([429, 'RATE_LIMITED']);
      expect((await get(second)).statusCode).toBe(200);
      const app = await call(t.app, 'GET', 'coin/list', {}, auth(user.token));
      expect(app.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts refused signatures against the address, never against the key they name', async () => {
    const limits = { ...loadConfig({}).rateLimit, perUser: 3, perAddress: 3 };
    const t = await moneyApp({ rateLimit: limits });
    try {
      const user = await seedUser(t);
      const { body } = await call(
        t.app,
        'POST',
        'user/api_keys',
        { label: 'bot', permissions: 'read' },
        auth(user.token),
      );
      const key = body.message as { key: string; secret: string };
      const get = (secret: string, remoteAddress: string) => {
        t.clock.advance(1);
        const timestamp = String(t.clock.now().getTime());
        return t.app.inject({
          method: 'GET',
          url: '/api/coin/list',
          remoteAddress,
          headers: {
            'x-api-key': key.key,
            'x-api-timestamp': timestamp,
            'x-api-signature': signWithSecret(secret, `${timestamp}GET/api/coin/list`),
          },
        });
      };
      const guesses = [];
      for (let i = 0; i < 4; i++)
        guesses.push((await get('not-the-secret', '203.0.113.9')).json().code);
      expect(guesses).toEqual([
        'API_KEY_SIGNATURE',
        'API_KEY_SIGNATURE',
        'API_KEY_SIGNATURE',
        'RATE_LIMITED',
      ]);
      for (let i = 0; i < 3; i++)
        expect((await get(key.secret, '198.51.100.4')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
