import { setImmediate as tick } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PERIODS, SYMBOLS } from '@hx/market';
import { registerEmail, testApp, type TestApp } from '../test/harness.ts';
import { IDLE_CLOSE_CODE } from './hub.ts';
import { listen, TestClient, type Frame } from './test-client.ts';

let t: TestApp;
let url: string;
const clients: TestClient[] = [];
const connect = async (query = '', headers: Record<string, string> = {}) => {
  const client = await TestClient.open(url + query, headers);
  clients.push(client);
  return client;
};

beforeEach(async () => {
  t = await testApp(
    {},
    { market: { symbols: ['BTCUSDT', 'ETHUSDT'] }, socket: { hub: { highWaterBytes: 64 * 1024 } } },
  );
  url = await listen(t.app);
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await t.close();
});

describe('live socket /ws', () => {
  it('numbers the messages of a channel 1, 2, 3 and stops after unsub', async () => {
    // The index's channels: a spot pair's own ticker and klines move with its trades only.
    const c = await connect();
    expect(await c.ask({ op: 'sub', ch: 'indexTicker.BTCUSDT' })).toEqual({
      op: 'subbed',
      ch: 'indexTicker.BTCUSDT',
    });
    const prices: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      const [btc] = await t.app.market.step();
      prices.push(btc!.price);
    }
    const frames = [await c.next(), await c.next(), await c.next()];
    expect(frames.map((f) => [f.ch, f.seq, f.data.price])).toEqual([
      ['indexTicker.BTCUSDT', 1, prices[0]],
      ['indexTicker.BTCUSDT', 2, prices[1]],
      ['indexTicker.BTCUSDT', 3, prices[2]],
    ]);
    expect(frames[2]!.data).toMatchObject({ symbol: 'BTCUSDT', kind: 'spot', base: 'BTC' });

    expect(await c.ask({ op: 'unsub', ch: 'indexTicker.BTCUSDT' })).toEqual({
      op: 'unsubbed',
      ch: 'indexTicker.BTCUSDT',
    });
    t.clock.advance(1000);
    await t.app.market.step();
    expect(await c.ask({ op: 'ping' })).toEqual({ op: 'pong' }); // nothing came in between
  });

  it('sends the open bar on kline channels and every quote on tickers', async () => {
    const c = await connect();
    await c.ask({ op: 'sub', ch: 'indexKline.ETHUSDT.1min' });
    await c.ask({ op: 'sub', ch: 'tickers' });
    t.clock.advance(1000);
    const ticks = await t.app.market.step();
    const eth = ticks.find((x) => x.symbol === 'ETHUSDT')!;
    const frames = [await c.next(), await c.next()];
    const kline = frames.find((f) => f.ch === 'indexKline.ETHUSDT.1min')!;
    expect(kline).toMatchObject({ seq: 1, data: { close: eth.price, open: eth.price } });
    expect(kline.data.time % 60_000).toBe(0);
    const tickers = frames.find((f) => f.ch === 'tickers')!;
    expect(tickers.seq).toBe(1);
    expect(tickers.data.time).toBe(t.clock.now().getTime());
    expect(tickers.data.list.map((q: Frame) => q.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    // A new subscriber of a state channel gets the last message at once.
    const late = await connect();
    await late.ask({ op: 'sub', ch: 'tickers' });
    expect(await late.next()).toMatchObject({ ch: 'tickers', seq: 1 });
  });

  it('refuses private channels before auth and delivers only the user’s own messages', async () => {
    const alice = await registerEmail(t.app, 'alice@example.com');
    const bob = await registerEmail(t.app, 'bob@example.com');
    const c = await connect();
    expect(await c.ask({ op: 'sub', ch: 'orders' })).toMatchObject({
      op: 'error',
      code: 'UNAUTHENTICATED',
      ch: 'orders',
    });
    expect(await c.ask({ op: 'auth', token: 'nonsense' })).toMatchObject({
      op: 'error',
      code: 'UNAUTHENTICATED',
    });
    expect(await c.ask({ op: 'auth', token: alice.token })).toEqual({
      op: 'authed',
      user_id: alice.user.id,
    });
    expect(await c.ask({ op: 'sub', ch: 'orders' })).toEqual({ op: 'subbed', ch: 'orders' });
    for (const ch of ['balances', 'positions', 'options', 'chat']) {
      expect(await c.ask({ op: 'sub', ch })).toEqual({ op: 'subbed', ch });
    }
    t.app.hub.publishToUser(bob.user.id, 'orders', { id: 2 });
    t.app.hub.publishToUser(alice.user.id, 'orders', { id: 1 });
    t.app.hub.publishToUser(alice.user.id, 'orders', { id: 3 });
    expect(await c.next()).toEqual({ ch: 'orders', seq: 1, data: { id: 1 } });
    expect(await c.next()).toEqual({ ch: 'orders', seq: 2, data: { id: 3 } });
    // A token on the upgrade request works too (clients that can set headers).
    const h = await connect('', { authorization: `Bearer ${bob.token}` });
    expect(await h.ask({ op: 'sub', ch: 'orders' })).toEqual({ op: 'subbed', ch: 'orders' });
    t.app.hub.publishToUser(bob.user.id, 'orders', { id: 4 });
    // Bob's earlier message went out while nobody of his listened: his count starts now.
    expect(await h.next()).toEqual({ ch: 'orders', seq: 1, data: { id: 4 } });
  });

  it('answers bad frames with a translated error', async () => {
    const c = await connect('?lang=zh');
    expect(await c.ask('not json')).toEqual({
      op: 'error',
      code: 'FRAME_INVALID',
      message: '消息格式无效',
    });
    expect(await c.ask({ op: 'dance' })).toMatchObject({ code: 'FRAME_INVALID' });
    expect(await c.ask({ op: 'sub' })).toMatchObject({ code: 'FRAME_INVALID' });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toMatchObject({ code: 'FRAME_INVALID' });
    for (const ch of ['nope', 'ticker.NOPE', 'kline.BTCUSDT.2min', 'ticker.BTCUSDT.x', 'ticker']) {
      expect(await c.ask({ op: 'sub', ch })).toEqual({
        op: 'error',
        code: 'CHANNEL_UNKNOWN',
        message: `未知的频道：${ch}`,
        ch,
      });
    }
    const en = await connect();
    expect(await en.ask({ op: 'sub', ch: 'x' })).toMatchObject({ message: 'Unknown channel: x' });
    // The socket stays usable after errors.
    expect(await c.ask({ op: 'ping' })).toEqual({ op: 'pong' });
  });

  it('limits the subscriptions of one connection', async () => {
    const c = await connect();
    const channels = SYMBOLS.flatMap((s) => [
      `ticker.${s.symbol}`,
      `depth.${s.symbol}`,
      `trades.${s.symbol}`,
      ...PERIODS.map((p) => `kline.${s.symbol}.${p}`),
    ]);
    expect(channels).toHaveLength(200);
    for (const ch of channels) c.send({ op: 'sub', ch });
    for (const ch of channels) expect(await c.next()).toEqual({ op: 'subbed', ch });
    expect(await c.ask({ op: 'sub', ch: 'tickers' })).toEqual({
      op: 'error',
      code: 'SUBSCRIPTION_LIMIT',
      message: 'Too many subscriptions on this connection (at most 200)',
      ch: 'tickers',
    });
    await c.ask({ op: 'unsub', ch: 'ticker.BTCUSDT' });
    expect(await c.ask({ op: 'sub', ch: 'tickers' })).toEqual({ op: 'subbed', ch: 'tickers' });
  });

  it('closes a client silent for 60 s; a ping keeps it open', async () => {
    const quiet = await connect();
    const chatty = await connect();
    t.clock.advance(40_000);
    expect(await chatty.ask({ op: 'ping' })).toEqual({ op: 'pong' });
    t.clock.advance(20_000);
    t.app.hub.sweep();
    expect(await quiet.closed).toEqual({ code: IDLE_CLOSE_CODE, reason: 'idle' });
    expect(await chatty.ask({ op: 'ping' })).toEqual({ op: 'pong' });
    t.clock.advance(60_000);
    t.app.hub.sweep();
    expect((await chatty.closed).code).toBe(IDLE_CLOSE_CODE);
  });

  it('gives a slow client the latest state instead of a queue, without slowing a fast one', async () => {
    const fast = await connect();
    const slow = await connect();
    await fast.ask({ op: 'sub', ch: 'depth.BTCUSDT' });
    await slow.ask({ op: 'sub', ch: 'depth.BTCUSDT' });
    // The slow client stops reading: its socket fills up, the server has to hold messages back.
    const raw = slow.tcp!;
    raw.pause();
    const level: [string, string] = ['64000.00', '1.00000'];
    const bids = Array.from({ length: 4000 }, () => level); // ~100 KB a message
    const count = 300;
    const started = performance.now();
    const fastSeqs: number[] = [];
    const reading = (async () => {
      while (fastSeqs.length < count) fastSeqs.push((await fast.next(10_000)).seq);
    })();
    for (let i = 0; i < count; i++) {
      t.app.market.publishDepth('BTCUSDT', { bids, asks: [] });
      await tick();
    }
    await reading;
    const fastMs = performance.now() - started;
    expect(fastSeqs).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(t.app.hub.stats().lagging).toBe(1);

    raw.resume();
    const slowSeqs: number[] = [];
    while (slowSeqs.at(-1) !== count) slowSeqs.push((await slow.next(10_000)).seq);
    // It missed messages (a gap it can see) but ends on the latest state.
    expect(slowSeqs.length).toBeLessThan(count);
    expect(slowSeqs.some((s, i) => i > 0 && s !== slowSeqs[i - 1]! + 1)).toBe(true);
    expect(slowSeqs).toEqual([...slowSeqs].sort((a, b) => a - b));
    expect(fastMs).toBeLessThan(10_000);
    await tick();
    expect(t.app.hub.stats().lagging).toBe(0);
  });
});
