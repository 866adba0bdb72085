// Binance's request rules as a raw client meets them: signatures (HMAC and Ed25519), the
// timestamp and recvWindow, error codes and HTTP statuses, and the request weights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiKeys } from '@hx/db';
import { call } from '../../test/harness.ts';
import { BTC, USDT, expectBooksRight, fund, spotBalance } from '../spot/test-kit.ts';
import {
  adminToken,
  auth,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let user: TestUser;
let trader: { key: string; secret: string };
let reader: { key: string; secret: string };

async function newKey(permissions: string, ips?: string) {
  const { body } = await call(
    t.app,
    'POST',
    'user/api_keys',
    { label: 'raw', permissions, ...(ips ? { ips } : {}) },
    auth(user.token),
  );
  return body.message as { id: number; key: string; secret: string };
}

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  user = await seedUser(t);
  await fund(t, user.id, USDT, '1000');
  await fund(t, user.id, BTC, '1');
  trader = await newKey('read,trade');
  reader = await newKey('read');
});
afterAll(() => t?.close());

type Ask = {
  key?: string;
  secret?: string;
  sign?: (payload: string) => string;
  body?: boolean;
  ip?: string;
};

/** A request as Binance's docs build it: params, timestamp, then the signature. */
async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
  ask: Ask = {},
) {
  const query = new URLSearchParams(params).toString();
  const secret = ask.secret ?? trader.secret;
  const signature = ask.sign?.(query) ?? createHmac('sha256', secret).update(query).digest('hex');
  const signed = `${query}&signature=${encodeURIComponent(signature)}`;
  const inBody = ask.body ?? method === 'POST';
  const response = await t.app.inject({
    method,
    url: `/api/v3${path}${inBody ? '' : `?${signed}`}`,
    remoteAddress: ask.ip ?? '127.0.0.1',
    headers: {
      'x-mbx-apikey': ask.key ?? trader.key,
      ...(inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: inBody ? signed : undefined,
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    weight: response.headers['x-mbx-used-weight-1m'],
    retryAfter: response.headers['retry-after'],
  };
}

const now = () => String(t.clock.now().getTime());
const limitBuy = (extra: Record<string, string> = {}) => ({
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01000000',
  price: '10000.00',
  timestamp: now(),
  ...extra,
});

describe('Binance REST: signing, errors and weights', () => {
  it('places with an HMAC signature in the body or the query; a changed one places nothing', async () => {
    const placed = await send('POST', '/order', limitBuy({ newClientOrderId: 'raw-1' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'raw-1', status: 'NEW' });
    const inQuery = await send('POST', '/order', limitBuy(), { body: false });
    expect(inQuery.status, JSON.stringify(inQuery.body)).toBe(200);
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '800', frozen: '200' });

    const tampered = await send('POST', '/order', limitBuy(), {
      sign: (q) =>
        createHmac('sha256', trader.secret).update(q.replace('0.01', '0.02')).digest('hex'),
    });
    expect([tampered.status, tampered.body]).toEqual([
      400,
      { code: -1022, msg: 'Signature for this request is not valid.' },
    ]);
    const duplicate = await send('POST', '/order', limitBuy({ newClientOrderId: 'raw-1' }));
    expect(duplicate.body).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '800', frozen: '200' });
  });

  it('holds the timestamp to recvWindow (default 5000, at most 60000)', async () => {
    const old = String(t.clock.now().getTime() - 6000);
    const stale = await send('GET', '/account', { timestamp: old });
    expect([stale.status, stale.body.code]).toEqual([400, -1021]);
    const widened = await send('GET', '/account', { timestamp: old, recvWindow: '10000' });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    const ahead = await send('GET', '/account', {
      timestamp: String(t.clock.now().getTime() + 1500),
    });
    expect(ahead.body.code).toBe(-1021);
    const tooWide = await send('GET', '/account', { timestamp: now(), recvWindow: '60001' });
    expect(tooWide.body.code).toBe(-1102);
    const none = await send('GET', '/account', {});
    expect(none.body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.",
    });
  });

  it('refuses keys as Binance does: format -2014, unknown, address or permission -2015', async () => {
    expect((await send('GET', '/account', { timestamp: now() }, { key: 'x' })).body.code).toBe(
      -2014,
    );
    const unknown = await send('GET', '/account', { timestamp: now() }, { key: 'f'.repeat(32) });
    expect([unknown.status, unknown.body.code]).toEqual([401, -2015]);
    const readOnly = await send('POST', '/order', limitBuy(), reader);
    expect([readOnly.status, readOnly.body.code]).toEqual([401, -2015]);
    const reads = await send('GET', '/openOrders', { symbol: 'BTCUSDT', timestamp: now() }, reader);
    expect(reads.status).toBe(200);
    expect(reads.body).toHaveLength(2);
    const fenced = await newKey('read,trade', '203.0.113.7');
    const elsewhere = await send(
      'GET',
      '/account',
      { timestamp: now() },
      { ...fenced, ip: '198.51.100.1' },
    );
    expect(elsewhere.body.code).toBe(-2015);
    const there = await send(
      'GET',
      '/account',
      { timestamp: now() },
      { ...fenced, ip: '203.0.113.7' },
    );
    expect(there.status).toBe(200);
  });

  it('refuses a deleted key on the very next request, though the key was just used', async () => {
    const doomed = await newKey('read');
    const before = await send('GET', '/account', { timestamp: now() }, doomed);
    expect(before.status).toBe(200);
    const gone = await call(
      t.app,
      'POST',
      `user/api_keys/${doomed.id}/delete`,
      {},
      auth(user.token),
    );
    expect(gone.status).toBe(200);
    const after = await send('GET', '/account', { timestamp: now() }, doomed);
    expect([after.status, after.body.code]).toEqual([401, -2015]);
  });

  it('verifies an Ed25519 key by its public half alone', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const key = await newKey('read,trade');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await t.db
      .update(apiKeys)
      .set({ publicKey: pem, secretHash: null })
      .where(eq(apiKeys.id, key.id));
    const ed = (payload: string) => sign(null, Buffer.from(payload), privateKey).toString('base64');
    const account = await send('GET', '/account', { timestamp: now() }, { key: key.key, sign: ed });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const byHmac = await send(
      'GET',
      '/account',
      { timestamp: now() },
      { key: key.key, secret: key.secret },
    );
    expect(byHmac.body.code).toBe(-1022);
  });

  it('answers parameter errors with their codes and changes nothing', async () => {
    const cases: [Record<string, string>, number][] = [
      [limitBuy({ symbol: 'NOPE' }), -1121],
      [limitBuy({ side: 'UP' }), -1117],
      [limitBuy({ type: 'ICEBERG' }), -1116],
      [limitBuy({ timeInForce: 'GTX' }), -1115],
      [limitBuy({ quantity: '1e3' }), -1100],
      [limitBuy({ newClientOrderId: 'x'.repeat(37) }), -1100],
      [limitBuy({ price: '10000.001' }), -1013],
      [limitBuy({ quantity: '50' }), -2010],
      [{ ...limitBuy(), type: 'MARKET', timeInForce: '' }, -1105],
    ];
    for (const [params, code] of cases) {
      const { status, body } = await send('POST', '/order', params);
      expect([status, body.code], JSON.stringify(params)).toEqual([400, code]);
    }
    const missing = await send('GET', '/order', {
      symbol: 'BTCUSDT',
      orderId: '999999',
      timestamp: now(),
    });
    expect(missing.body).toEqual({ code: -2013, msg: 'Order does not exist.' });
    const gone = await send('DELETE', '/order', {
      symbol: 'BTCUSDT',
      orderId: '999999',
      timestamp: now(),
    });
    expect(gone.body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    const badInterval = await t.app.inject({ url: '/api/v3/klines?symbol=BTCUSDT&interval=7m' });
    expect(badInterval.json()).toEqual({ code: -1120, msg: 'Invalid interval.' });
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '800', frozen: '200' });
  });

  it('cancels by client order id, and all open orders at once', async () => {
    const one = await send('DELETE', '/order', {
      symbol: 'BTCUSDT',
      origClientOrderId: 'raw-1',
      timestamp: now(),
    });
    expect(one.body).toMatchObject({ origClientOrderId: 'raw-1', status: 'CANCELED' });
    const rest = await send('DELETE', '/openOrders', { symbol: 'BTCUSDT', timestamp: now() });
    expect((rest.body as unknown as unknown[]).length).toBe(1);
    expect(await spotBalance(t, user.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    await expectBooksRight(t, admin);
  });

  it('weighs every request, refuses over the limit with 429 and Retry-After, then bans with 418', async () => {
    t.clock.advance(60_000); // a new minute
    const first = await t.app.inject({ url: '/api/v3/exchangeInfo', remoteAddress: '192.0.2.9' });
    expect(first.headers['x-mbx-used-weight-1m']).toBe('20');
    const depth = await t.app.inject({
      url: '/api/v3/depth?symbol=BTCUSDT&limit=500',
      remoteAddress: '192.0.2.9',
    });
    expect(depth.headers['x-mbx-used-weight-1m']).toBe('45');
    t.app.binanceWeights.limit = 50;
    const ping = () => t.app.inject({ url: '/api/v3/ping', remoteAddress: '192.0.2.9' });
    for (let i = 0; i < 5; i++) expect((await ping()).statusCode).toBe(200);
    const over = await ping();
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(-1003);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    let banned;
    for (let i = 0; i < 20 && !banned; i++) {
      const r = await ping();
      if (r.statusCode === 418) banned = r;
    }
    expect(banned?.json().code).toBe(-1003);
    expect(Number(banned?.headers['retry-after'])).toBe(120);
    const other = await t.app.inject({ url: '/api/v3/ping', remoteAddress: '192.0.2.10' });
    expect(other.statusCode).toBe(200);
    t.app.binanceWeights.limit = 6000;
  });
});
