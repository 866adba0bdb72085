// A spot pair's prices are its own trades: two users' trade moves the ticker, the klines and the
// tape everywhere they are shown (quotation_new, the socket, the Binance-compatible API through
// ccxt), and an index move moves none of them. Books checked at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { call } from '../../test/harness.ts';
import { TestClient, listen } from '../../ws/test-client.ts';
import type { MoneyApp, TestUser } from '../wallet/test-kit.ts';
import { expectBooksRight, order, twoTraders } from './test-kit.ts';

let t: MoneyApp;
let admin: string;
let seller: TestUser;
let buyer: TestUser;
let socket: TestClient;
let exchange: InstanceType<typeof ccxt.binance>;
let base: string;

beforeAll(async () => {
  ({ t, admin, seller, buyer } = await twoTraders());
  const url = await listen(t.app);
  base = url.replace('ws', 'http').replace(/\/ws$/, '/api/v3');
  exchange = new ccxt.binance({
    urls: { api: { public: base, private: base } },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
  socket = await TestClient.open(url);
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

const quoteOf = async (symbol = 'BTCUSDT', source?: 'index') =>
  (await call(t.app, 'GET', 'currency/futures_info', { symbol, ...(source && { source }) })).body
    .message;
const listed = async () =>
  (await call(t.app, 'GET', 'currency/quotation_new')).body.message.find(
    (q: { symbol: string }) => q.symbol === 'BTCUSDT',
  );
const bars = async (period: string) =>
  (await call(t.app, 'GET', 'currency/kline', { symbol: 'BTCUSDT', period })).body.message;

/** Subscribes; the channel's messages as they come (a state channel's last first). */
async function follow(ch: string): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  let subbed = false;
  socket.ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as {
      op?: string;
      ch?: string;
      data?: Record<string, unknown>;
    };
    if (frame.ch === ch && frame.op === 'subbed') subbed = true;
    else if (frame.ch === ch && frame.data) seen.push(frame.data);
  });
  socket.send({ op: 'sub', ch });
  await until(() => subbed);
  return seen;
}

/** Waits for `check` (a socket's messages arriving), a few seconds at most. */
const until = async (check: () => boolean) => {
  const end = Date.now() + 5000;
  while (!check() && Date.now() < end) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
};

describe('spot prices are the book’s own trades', () => {
  it('an index move leaves the spot ticker alone', async () => {
    const now = t.clock.now().getTime();
    t.app.market.ingest([{ symbol: 'BTCUSDT', time: now, price: '50000.00', volume: '1' }]);
    await t.app.market.flush();
    expect((await quoteOf('BTCUSDT', 'index')).price).toBe('50000.00');
    expect(await quoteOf()).toMatchObject({ price: null, volume: null });
    expect(await listed()).toMatchObject({ price: null });
    // Before the pair's first trade a demo's chart shows the walk, marked as such.
    expect(await bars('1min')).toEqual([
      expect.objectContaining({ close: '50000.00', simulated: true }),
    ]);
  });

  it('two users’ trade moves the ticker, the 1m kline and the tape, everywhere alike', async () => {
    const tickers = await follow('ticker.BTCUSDT');
    const minutes = await follow('kline.BTCUSDT.1min');
    const tape = await follow('trades.BTCUSDT');
    const index = await follow('indexTicker.BTCUSDT');
    const minute = Math.floor(t.clock.now().getTime() / 60_000) * 60_000;
    // The first taker buys, the second sells: the klines' taker-buy volume is the first's alone.
    for (const [price, amount, taker] of [
      ['30000', '0.2', 'buy'],
      ['30010', '0.1', 'sell'],
    ] as const) {
      const sides = [
        { token: seller.token, side: 'sell' as const },
        { token: buyer.token, side: 'buy' as const },
      ];
      if (taker === 'sell') sides.reverse();
      for (const { token, side } of sides) {
        const placed = await order(t.app, token, { side, price, amount });
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      }
    }
    const quote = await quoteOf();
    expect(quote).toMatchObject({
      price: '30010.00',
      open: '30000.00',
      high: '30010.00',
      low: '30000.00',
      volume: '0.30000',
      change: '0.03',
      change_amount: '10.00',
    });
    const inList = await listed();
    expect(inList).toEqual(
      Object.fromEntries(Object.entries(quote).filter(([key]) => key in inList)),
    );
    const bar = {
      time: minute,
      open: '30000.00',
      high: '30010.00',
      low: '30000.00',
      close: '30010.00',
      volume: '0.30000',
    };
    expect(await bars('1min')).toEqual([bar]);
    expect(await bars('1day')).toEqual([{ ...bar, time: Date.UTC(...dayOf(minute)) }]);
    const deal = (await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' })).body.message;
    expect(deal.trades.map((x: { price: string }) => x.price)).toEqual(['30010.00', '30000.00']);

    // The socket said the same; the index's channel said nothing of it.
    await until(() => tickers.at(-1)?.price === '30010.00' && minutes.at(-1)?.close === '30010.00');
    expect(tickers.at(-1)).toMatchObject({
      price: '30010.00',
      volume: '0.30000',
      open: '30000.00',
    });
    expect(minutes.at(-1)).toMatchObject(bar);
    expect(tape.flat().length).toBe(2);
    expect(index.every((q) => q.price === '50000.00')).toBe(true);

    // The Binance-compatible API: ccxt's ticker and candles, and the raw figures beside them.
    const ticker = await exchange.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ last: 30010, open: 30000, high: 30010, low: 30000 });
    expect(ticker.baseVolume).toBe(0.3);
    expect(ticker.quoteVolume).toBe(9001); // 0.2 × 30000 + 0.1 × 30010
    expect(ticker.vwap).toBeCloseTo(30003.33, 2);
    const candles = await exchange.fetchOHLCV('BTC/USDT', '1m', undefined, 5);
    expect(candles).toEqual([[minute, 30000, 30010, 30000, 30010, 0.3]]);
    const raw = (await (await fetch(`${base}/klines?symbol=BTCUSDT&interval=1m`)).json()) as [
      number,
      ...unknown[],
    ][];
    // Quote volume, trades, then the taker-buy base and quote volumes (0.2 × 30000).
    expect(raw[0]?.slice(7, 11)).toEqual(['9001.00', 2, '0.20000', '6000.00']);
    const avg = (await (await fetch(`${base}/avgPrice?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    expect(avg.price).toBe('30003.33');
    const trades = await exchange.fetchTrades('BTC/USDT');
    expect(trades.map((x) => [x.price, x.amount])).toEqual([
      [30000, 0.2],
      [30010, 0.1],
    ]);

    // A later index move changes none of it; a restart restores the same from the database.
    t.app.market.ingest([
      { symbol: 'BTCUSDT', time: t.clock.now().getTime(), price: '99999.00', volume: '5' },
    ]);
    await t.app.market.flush();
    await t.app.market.trades.init();
    expect(await quoteOf()).toEqual(quote);
    expect(await bars('1min')).toEqual([bar]);
    await expectBooksRight(t, admin);
  });
});

function dayOf(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
