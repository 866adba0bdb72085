// Binance's streams through a raw WebSocket client: control requests with their ids, raw and
// combined connections, trades with REST's ids, a local book kept from the diff depth stream
// exactly as Binance documents (U/u against REST depth's lastUpdateId), and the listenKey user
// stream with its keep-alive and expiry on the server's clock. Ends with the ledger check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { TestClient, type Frame } from '../../../ws/test-client.ts';
import { BTC, USDT, expectBooksRight, fund, order, spotBalance } from '../../spot/test-kit.ts';
import { adminToken, auth, moneyApp, seedUser, type MoneyApp } from '../../wallet/test-kit.ts';
import type { TestUser } from '../../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let maker: TestUser;
let taker: TestUser;
let base: string;
let key: string;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  maker = await seedUser(t);
  taker = await seedUser(t);
  await fund(t, maker.id, BTC, '5');
  await fund(t, maker.id, USDT, '100000');
  await fund(t, taker.id, USDT, '100000');
  // Any free port: the embedded and PostgreSQL runs of this file may overlap.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address.replace(/^http/, 'ws')}/stream`;
  const made = await call(
    t.app,
    'POST',
    'user/api_keys',
    { label: 'stream', permissions: 'read' },
    auth(maker.token),
  );
  key = made.body.message.key;
});
afterAll(() => t?.close());

const rest = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, query = '') => {
  const res = await t.app.inject({
    method,
    url: `/api/v3${path}${query ? `?${query}` : ''}`,
    headers: { 'x-mbx-apikey': key },
  });
  return { status: res.statusCode, body: res.json() };
};

/** Frames until one matches (events of other streams may come first). */
async function until(client: TestClient, match: (f: Record<string, unknown>) => boolean) {
  for (;;) {
    const frame = await client.next(3000);
    if (match(frame)) return frame;
  }
}

describe('control requests', () => {
  it('subscribes, lists and unsubscribes by id', async () => {
    const c = await TestClient.open(`${base}/ws`);
    expect(
      await c.ask({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'btcusdt@depth'], id: 1 }),
    ).toEqual({ result: null, id: 1 });
    expect(await c.ask({ method: 'LIST_SUBSCRIPTIONS', id: 'a2' })).toEqual({
      result: ['btcusdt@trade', 'btcusdt@depth'],
      id: 'a2',
    });
    expect(await c.ask({ method: 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: 3 })).toEqual({
      result: null,
      id: 3,
    });
    expect((await c.ask({ method: 'LIST_SUBSCRIPTIONS', id: 4 })).result).toEqual([
      'btcusdt@trade',
    ]);
    expect(await c.ask({ method: 'GET_PROPERTY', params: ['combined'], id: 5 })).toEqual({
      result: false,
      id: 5,
    });
    c.close();
  });

  it('refuses a bad id, stream, method or JSON (Binance allows 5 messages a second)', async () => {
    const c = await TestClient.open(`${base}/ws`);

    expect((await c.ask({ method: 'SUBSCRIBE', params: ['nosuch@trade'], id: 6 })).error.code).toBe(
      2,
    );
    expect(
      (await c.ask({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: { a: 1 } })).error,
    ).toEqual({
      code: 2,
      msg: 'Invalid request: request ID must be an unsigned integer',
    });
    expect((await c.ask({ method: 'FETCH', id: 7 })).error.code).toBe(2);
    c.send('{not json');
    expect((await c.next()).error.code).toBe(3);
    c.close();
  });

  it('closes a connection sending more than 5 messages a second', async () => {
    const c = await TestClient.open(`${base}/ws`);
    for (let i = 0; i < 7; i++) c.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    expect((await c.closed).code).toBe(1008);
  });
});

describe('market streams', () => {
  it('sends trades with the ids REST gives them, wrapped as {stream, data} when combined', async () => {
    const c = await TestClient.open(`${base}/stream?streams=btcusdt@trade/btcusdt@aggTrade`);
    expect((await c.ask({ method: 'GET_PROPERTY', params: ['combined'], id: 1 })).result).toBe(
      true,
    );
    await order(t.app, maker.token, { side: 'sell', price: '30000', amount: '0.3' });
    await order(t.app, taker.token, { side: 'buy', price: '30000', amount: '0.2' });
    const trade = await until(c, (f) => f.stream === 'btcusdt@trade');
    const agg = await until(c, (f) => f.stream === 'btcusdt@aggTrade');
    const { body: listed } = await rest('GET', '/trades', 'symbol=BTCUSDT&limit=1');
    expect(trade.data).toMatchObject({
      e: 'trade',
      s: 'BTCUSDT',
      t: listed[0].id,
      p: listed[0].price,
      q: listed[0].qty,
      m: false, // the buyer took
    });
    expect(agg.data).toMatchObject({
      e: 'aggTrade',
      a: listed[0].id,
      f: listed[0].id,
      l: listed[0].id,
    });
    c.close();
  });

  it('sends klines with the taker-buy volumes REST gives (V and Q)', async () => {
    const c = await TestClient.open(`${base}/stream?streams=btcusdt@kline_1m`);
    await order(t.app, maker.token, { side: 'sell', price: '30000', amount: '0.1' });
    await order(t.app, taker.token, { side: 'buy', price: '30000', amount: '0.1' });
    const { body: bars } = await rest('GET', '/klines', 'symbol=BTCUSDT&interval=1m&limit=1');
    const [bar] = bars as [
      number,
      string,
      string,
      string,
      string,
      string,
      number,
      string,
      number,
      string,
      string,
    ][];
    const frame = await until(
      c,
      (f) => (f.data as { k: { n: number } } | undefined)?.k.n === bar![8],
    );
    const k = (frame.data as { k: Record<string, unknown> }).k;
    expect(Number(bar![9])).toBeGreaterThan(0);
    expect([Number(k.V), Number(k.Q)]).toEqual([Number(bar![9]), Number(bar![10])]);
    c.close();
  });

  it('keeps a local book from the diff stream that equals REST depth', async () => {
    const c = await TestClient.open(`${base}/ws/btcusdt@depth@100ms`);
    const events: Frame[] = [];
    // Changes while the snapshot is taken: some before it, some after.
    await order(t.app, maker.token, { side: 'buy', price: '29000', amount: '0.1' });
    const first = await c.next(3000);
    events.push(first);
    const { body: snapshot } = await rest('GET', '/depth', 'symbol=BTCUSDT&limit=1000');
    expect(snapshot.lastUpdateId).toBeGreaterThanOrEqual(first.U);
    for (const [side, price, amount] of [
      ['buy', '29100', '0.2'],
      ['sell', '30500', '0.4'],
      ['buy', '29000', '0.05'],
    ] as const)
      await order(t.app, maker.token, { side, price, amount });
    await order(t.app, taker.token, { side: 'buy', price: '30000', amount: '0.1' }); // takes a level

    const local = {
      id: snapshot.lastUpdateId as number,
      bids: new Map<string, string>(snapshot.bids),
      asks: new Map<string, string>(snapshot.asks),
    };
    const apply = (e: Frame) => {
      if (e.u <= local.id) return; // already in the snapshot
      expect(e.U).toBeLessThanOrEqual(local.id + 1); // no gap
      for (const [side, levels] of [
        [local.bids, e.b],
        [local.asks, e.a],
      ] as const)
        for (const [p, q] of levels as [string, string][])
          if (Number(q) === 0) side.delete(p);
          else side.set(p, q);
      local.id = e.u;
    };
    const { body: after } = await rest('GET', '/depth', 'symbol=BTCUSDT&limit=1000');
    for (const e of events) apply(e);
    while (local.id < after.lastUpdateId) apply(await c.next(3000));
    expect(local.id).toBe(after.lastUpdateId);
    const sorted = (m: Map<string, string>, desc: boolean) =>
      [...m].sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
    expect(sorted(local.bids, true)).toEqual(after.bids);
    expect(sorted(local.asks, false)).toEqual(after.asks);
    c.close();
  });

  it('sends the partial book and the book ticker with the update id', async () => {
    const c = await TestClient.open(
      `${base}/stream?streams=btcusdt@depth5@100ms/btcusdt@bookTicker`,
    );
    await order(t.app, maker.token, { side: 'buy', price: '29200', amount: '0.1' });
    const ticker = await until(c, (f) => f.stream === 'btcusdt@bookTicker');
    const partial = await until(c, (f) => f.stream === 'btcusdt@depth5@100ms');
    const { body } = await rest('GET', '/depth', 'symbol=BTCUSDT&limit=5');
    expect(partial.data).toEqual(body);
    expect(ticker.data).toMatchObject({ s: 'BTCUSDT', b: body.bids[0][0], B: body.bids[0][1] });
    c.close();
  });
});

describe('the listenKey user stream', () => {
  it('tells the account its orders and balances, keeps alive and expires', async () => {
    const created = await rest('POST', '/userDataStream');
    expect(created.status).toBe(200);
    const listenKey = created.body.listenKey as string;
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect((await rest('POST', '/userDataStream')).body.listenKey).toBe(listenKey); // the same one

    const c = await TestClient.open(`${base}/ws/${listenKey}`);
    await new Promise((r) => setTimeout(r, 50)); // the key is looked up before it follows
    const placed = await order(t.app, maker.token, {
      side: 'sell',
      price: '31000',
      amount: '0.25',
    });
    const report = await until(c, (f) => f.e === 'executionReport');
    expect(report).toMatchObject({
      s: 'BTCUSDT',
      S: 'SELL',
      o: 'LIMIT',
      x: 'NEW',
      X: 'NEW',
      i: placed.body.message.id,
      q: '0.25000',
    });
    const position = await until(c, (f) => f.e === 'outboundAccountPosition');
    const btc = (position.B as { a: string; f: string; l: string }[]).find((b) => b.a === 'BTC');
    const held = await spotBalance(t, maker.id, BTC);
    expect([Number(btc?.f), Number(btc?.l)]).toEqual([Number(held.available), Number(held.frozen)]);

    // Kept alive at 50 minutes, it outlives the first hour; an hour after that it is gone.
    t.clock.advance(50 * 60_000);
    expect((await rest('PUT', '/userDataStream', `listenKey=${listenKey}`)).body).toEqual({});
    t.clock.advance(30 * 60_000);
    await t.app.binanceStreams.checkListenKeys();
    expect(c.ws.readyState).toBe(1); // still open at 80 minutes
    t.clock.advance(31 * 60_000);
    await t.app.binanceStreams.checkListenKeys();
    expect(await until(c, (f) => f.e === 'listenKeyExpired')).toMatchObject({ listenKey });
    expect((await c.closed).code).toBe(1000);
    const again = await rest('PUT', '/userDataStream', `listenKey=${listenKey}`);
    expect([again.status, again.body.code]).toEqual([400, -1125]);
  });

  it('refuses an unknown listenKey', async () => {
    const c = await TestClient.open(`${base}/ws/${'x'.repeat(60)}`);
    expect((await c.closed).code).toBe(1008);
  });

  it('leaves the books right', async () => {
    await expectBooksRight(t, admin);
  });
});
