import { afterEach, describe, expect, it } from 'vitest';
import type { KlineEvent, SourceStatus, Tick, Ticker24h } from '../types.ts';
import { loadFixture, startReplayServer } from './replay-server.ts';
import type { ReplayServer } from './replay-server.ts';
import { backoffDelay, createBinanceSource } from './source.ts';
import type { BinanceSourceOptions } from './source.ts';

const frames = loadFixture();
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function serve(opts: Parameters<typeof startReplayServer>[0]): Promise<ReplayServer> {
  const server = await startReplayServer(opts);
  cleanup.push(() => server.close());
  return server;
}

function run(opts: BinanceSourceOptions) {
  const source = createBinanceSource(opts);
  const got = {
    ticks: [] as Tick[],
    klines: [] as KlineEvent[],
    tickers: [] as Ticker24h[],
    statuses: [] as (SourceStatus & { at: number })[],
    errors: [] as Error[],
  };
  source.start((t) => got.ticks.push(t), {
    onKline: (k) => got.klines.push(k),
    onTicker: (t) => got.tickers.push(t),
    onStatus: (s) => got.statuses.push({ ...s, at: Date.now() }),
    onError: (e) => got.errors.push(e),
  });
  cleanup.push(() => source.stop());
  return { source, got };
}

const PARAMS = [
  'btcusdt@trade',
  'btcusdt@kline_1m',
  'btcusdt@ticker',
  'ethusdt@trade',
  'ethusdt@kline_1m',
  'ethusdt@ticker',
];

describe('binance source against a local replay server', () => {
  it('replays trades, klines and tickers, and reconnects with backoff and resubscribes', async () => {
    // The first connection gets 5 frames and is cut off; the second gets the rest.
    const server = await serve({
      messages: frames,
      plan: (n) => (n === 1 ? { frames: 5, drop: true } : { frames: Infinity, drop: false }),
    });
    const { source, got } = run({
      url: `${server.url}/stream`,
      symbols: ['BTCUSDT', 'ETHUSDT'],
      backoff: { initialMs: 150, jitter: 0 },
    });
    await until(
      () => got.ticks.length === 8 && got.klines.length === 2 && got.tickers.length === 2,
    );

    expect(server.paths).toEqual(['/stream', '/stream']);
    expect(server.subscriptions).toEqual([PARAMS, PARAMS]);
    expect(got.ticks[0]).toEqual({
      symbol: 'BTCUSDT',
      time: 1718023201002,
      price: '69512.01',
      volume: '0.00150',
    });
    expect(got.ticks.map((t) => t.time)).toEqual(
      got.ticks.map((t) => t.time).sort((a, b) => a - b),
    );
    expect(got.klines.map((k) => k.closed)).toEqual([false, true]);
    expect(got.tickers.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(got.errors).toEqual([]);

    const states = got.statuses.map(({ at: _at, ...s }) => s);
    expect(states).toEqual([
      { state: 'connecting', attempt: 1 },
      { state: 'open' },
      { state: 'closed', code: 1006, reconnectInMs: 150 },
      { state: 'connecting', attempt: 2 },
      { state: 'open' },
    ]);
    const closedAt = got.statuses[2]?.at ?? 0;
    const reconnectedAt = got.statuses[3]?.at ?? 0;
    expect(reconnectedAt - closedAt).toBeGreaterThanOrEqual(140);

    await source.stop();
    expect(got.statuses.at(-1)).toMatchObject({ state: 'closed', reconnectInMs: null });
  });

  it('backs off exponentially while the exchange is down, then recovers', async () => {
    const probe = await startReplayServer({ messages: [] });
    const port = probe.port;
    await probe.close(); // nothing listens on the port now: connections are refused
    const { got } = run({
      url: `ws://127.0.0.1:${port}/stream`,
      symbols: ['BTCUSDT'],
      streams: ['trade'],
      backoff: { initialMs: 40, factor: 2, maxMs: 200, jitter: 0 },
    });
    const delays = () =>
      got.statuses.flatMap((s) => (s.state === 'closed' ? [s.reconnectInMs] : []));
    await until(() => delays().length >= 4);
    expect(delays().slice(0, 4)).toEqual([40, 80, 160, 200]);

    const server = await serve({
      messages: frames,
      port,
      plan: (n) => (n === 1 ? { frames: 2, drop: true } : { frames: Infinity, drop: false }),
    });
    await until(() => got.ticks.length === 5); // the BTCUSDT trades
    expect(server.subscriptions).toEqual([['btcusdt@trade'], ['btcusdt@trade']]);
    // Data arrived, so the drop after it starts the backoff afresh.
    expect(delays().at(-1)).toBe(40);
    expect(got.ticks.map((t) => t.price)).toEqual([
      '69512.01',
      '69512.00',
      '69513.99',
      '69510.50',
      '69509.37',
    ]);
  });

  it('reconnects when the stream goes silent', async () => {
    const server = await serve({ messages: [], plan: () => ({ frames: 0, drop: false }) });
    const { got } = run({
      url: `${server.url}/stream`,
      symbols: ['ETHUSDT'],
      staleMs: 100,
      backoff: { initialMs: 10, jitter: 0 },
    });
    await server.subscribed(2);
    expect(got.statuses.some((s) => s.state === 'closed' && s.reconnectInMs !== null)).toBe(true);
  });

  it('reports unparseable frames and keeps going', async () => {
    const server = await serve({
      messages: [
        '{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","T":1,"p":"oops","q":"1"}}',
        frames[0] as string,
      ],
    });
    const { got } = run({ url: `${server.url}/stream`, symbols: ['BTCUSDT'] });
    await until(() => got.ticks.length === 1);
    expect(got.errors.map((e) => e.message)).toEqual(['field p: not a decimal: oops']);
  });

  it('refuses symbols outside the catalogue', () => {
    expect(() => createBinanceSource({ url: 'ws://127.0.0.1:1', symbols: ['NOPEUSDT'] })).toThrow(
      /unknown symbol/,
    );
  });
});

describe('backoffDelay', () => {
  it('grows by the factor up to the ceiling, with bounded jitter', () => {
    const b = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0 };
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, b))).toEqual([
      500, 1000, 2000, 4000, 30_000,
    ]);
    expect(backoffDelay(0, { jitter: 0.2 }, () => 0)).toBe(400);
    expect(backoffDelay(0, { jitter: 0.2 }, () => 0.999_999)).toBe(600);
  });
});
