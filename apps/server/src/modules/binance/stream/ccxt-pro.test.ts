// ccxt pro's binance watchers and createOrderWs against the server, as a bot runs them: the
// book kept from the diff stream, trades, candles, and the account through the WebSocket API's
// user data stream, each checked against the app's own API; the books checked at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { call } from '../../../test/harness.ts';
import { BTC, USDT, expectBooksRight, fund, order, spotBalance } from '../../spot/test-kit.ts';
import { adminToken, auth, moneyApp, seedUser, type MoneyApp } from '../../wallet/test-kit.ts';
import type { TestUser } from '../../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let maker: TestUser;
let bot: TestUser;
let exchange: InstanceType<typeof ccxt.pro.binance>;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  maker = await seedUser(t);
  bot = await seedUser(t);
  await fund(t, maker.id, BTC, '3');
  await fund(t, maker.id, USDT, '100000');
  await fund(t, bot.id, BTC, '1');
  await fund(t, bot.id, USDT, '50000');
  // Any free port: the embedded and PostgreSQL runs of this file may overlap.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { body } = await call(
    t.app,
    'POST',
    'user/api_keys',
    { label: 'ccxt pro', permissions: 'read,trade' },
    auth(bot.token),
  );
  const rest = `${address}/api/v3`;
  const ws = address.replace(/^http/, 'ws');
  exchange = new ccxt.pro.binance({
    apiKey: body.message.key,
    secret: body.message.secret,
    urls: {
      api: {
        public: rest,
        private: rest,
        ws: { spot: `${ws}/stream/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
  exchange.nonce = () => t.clock.now().getTime();
  await exchange.loadHttpProxyAgent(); // what ccxt needs before its first ws:// (not wss://) url
});
afterAll(async () => {
  await exchange?.close();
  await t?.close();
});

const deal = async () =>
  (await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' })).body.message as {
    bids: [string, string][];
    asks: [string, string][];
    trades: { price: string; amount: string; side: string; time: number }[];
  };
/** Waits until the server follows a channel (a watcher's subscription has arrived). */
async function followed(key: string) {
  while (!t.app.hub.has(key)) await new Promise((r) => setTimeout(r, 10));
}

const levels = (list: [string, string][]) => list.map(([p, a]) => [Number(p), Number(a)]);

describe('ccxt pro watchers', () => {
  it('keeps the order book the app shows (diff stream synced to REST depth)', async () => {
    await order(t.app, maker.token, { side: 'sell', price: '30000', amount: '0.5' });
    await order(t.app, maker.token, { side: 'buy', price: '29900', amount: '0.5' });
    let book = await exchange.watchOrderBook('BTC/USDT');
    expect(book.asks).toEqual(levels((await deal()).asks));
    await order(t.app, maker.token, { side: 'sell', price: '30100', amount: '0.7' });
    await order(t.app, maker.token, { side: 'buy', price: '29800', amount: '0.3' });
    const shown = await deal();
    while (book.asks.length < shown.asks.length || book.bids.length < shown.bids.length)
      book = await exchange.watchOrderBook('BTC/USDT');
    expect(book.asks).toEqual(levels(shown.asks));
    expect(book.bids).toEqual(levels(shown.bids));
  });

  it('watches the trades the app lists', async () => {
    const watching = exchange.watchTrades('BTC/USDT');
    await followed('trades.BTCUSDT');
    await order(t.app, bot.token, { side: 'buy', price: '30000', amount: '0.2' }); // in the app
    const [trade] = await watching;
    const [shown] = (await deal()).trades;
    expect(trade).toMatchObject({
      symbol: 'BTC/USDT',
      price: Number(shown!.price),
      amount: Number(shown!.amount),
      side: 'buy',
      timestamp: shown!.time,
    });
  });

  it('watches the candles the app charts', async () => {
    const watching = exchange.watchOHLCV('BTC/USDT', '1m');
    await followed('kline.BTCUSDT.1min');
    // A spot pair's candles are its trades: a fill moves them (an index tick would not).
    await order(t.app, bot.token, { side: 'buy', price: '30000', amount: '0.1' });
    const candles = await watching;
    const last = candles[candles.length - 1]!;
    const { body } = await call(t.app, 'GET', 'currency/kline', {
      symbol: 'BTCUSDT',
      period: '1min',
      size: '1',
    });
    const bar = (body.message as { time: number; close: string }[]).at(-1)!;
    expect([last[0], last[4]]).toEqual([bar.time, Number(bar.close)]);
  });
});

describe('ccxt pro trading over the WebSocket API', () => {
  it('places with createOrderWs and hears the order and balance on the user data stream', async () => {
    const orders = exchange.watchOrders('BTC/USDT');
    const balance = exchange.watchBalance();
    // watchOrders subscribes through userDataStream.subscribe.signature: heard before the order.
    await followed(`orders#${bot.id}`);
    const placed = await exchange.createOrderWs('BTC/USDT', 'limit', 'sell', 0.1, 31000);
    expect(placed).toMatchObject({ status: 'open', price: 31000, amount: 0.1, side: 'sell' });
    const [heard] = await orders;
    expect(heard).toMatchObject({ id: placed.id, status: 'open', price: 31000 });
    const seen = await balance;
    const held = await spotBalance(t, bot.id, BTC);
    expect([seen.BTC?.free, seen.BTC?.used]).toEqual([Number(held.available), Number(held.frozen)]);
    const { body } = await call(
      t.app,
      'GET',
      'coin/order',
      { id: String(placed.id) },
      auth(bot.token),
    );
    expect(body.message).toMatchObject({ status: 'waiting', price: '31000.00', amount: '0.10000' });
  });

  it('leaves the books right', async () => {
    await expectBooksRight(t, admin);
  });
});
