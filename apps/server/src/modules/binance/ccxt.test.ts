// ccxt's own binance class, its URLs pointed at this server, trading as a bot would: every answer
// is checked against the app's API (/api/...), and the books are checked at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { call } from '../../test/harness.ts';
import { BTC, USDT, expectBooksRight, fund, order, spotBalance } from '../spot/test-kit.ts';
import { adminToken, auth, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { moneyApp } from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let maker: TestUser;
let bot: TestUser;
let exchange: InstanceType<typeof ccxt.binance>;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  maker = await seedUser(t);
  bot = await seedUser(t);
  await fund(t, maker.id, BTC, '2');
  await fund(t, maker.id, USDT, '100000');
  await fund(t, bot.id, BTC, '1');
  await fund(t, bot.id, USDT, '50000');
  // Any free port: the embedded and PostgreSQL runs of this file may overlap.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { body } = await call(
    t.app,
    'POST',
    'user/api_keys',
    { label: 'ccxt', permissions: 'read,trade' },
    auth(bot.token),
  );
  const base = `${address}/api/v3`;
  exchange = new ccxt.binance({
    apiKey: body.message.key,
    secret: body.message.secret,
    urls: { api: { public: base, private: base } },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
  // The server's clock is the test's: ccxt stamps its requests with it.
  exchange.nonce = () => t.clock.now().getTime();
});
afterAll(() => t?.close());

/** The maker's resting orders: asks at 30000 and 30100, bids at 29900. */
async function book() {
  for (const [side, price] of [
    ['sell', '30000'],
    ['sell', '30100'],
    ['buy', '29900'],
  ] as const) {
    const placed = await order(t.app, maker.token, { side, price, amount: '0.5' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  }
}

describe('ccxt binance against the server', () => {
  it('loads the markets from exchangeInfo with the pairs as the app lists them', async () => {
    const markets = await exchange.loadMarkets();
    const { body } = await call(t.app, 'GET', 'coin/pairs', {});
    const pairs = body.message as {
      symbol: string;
      base: string;
      quote: string;
      tick: string;
      step: string;
    }[];
    expect(Object.keys(markets)).toHaveLength(pairs.length);
    for (const pair of pairs) {
      const market = exchange.market(`${pair.base}/${pair.quote}`);
      expect(market.id).toBe(pair.symbol);
      expect(market.spot).toBe(true);
      expect(market.active).toBe(true);
      expect(market.precision.price).toBe(Number(pair.tick));
      expect(market.precision.amount).toBe(Number(pair.step));
      expect(market.limits.amount?.min).toBe(Number(pair.step));
    }
  });

  it('reads the book, tickers and candles the app shows', async () => {
    await book();
    // The index moves; a spot pair's ticker and candles (its trades, none yet) do not.
    for (let i = 0; i < 3; i++) {
      await t.app.market.step();
      t.clock.advance(60_000);
    }
    const ob = await exchange.fetchOrderBook('BTC/USDT');
    const { body } = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    const deal = body.message as { bids: [string, string][]; asks: [string, string][] };
    expect(ob.asks).toEqual(deal.asks.map(([p, a]) => [Number(p), Number(a)]));
    expect(ob.bids).toEqual(deal.bids.map(([p, a]) => [Number(p), Number(a)]));
    expect(ob.nonce).toBeGreaterThan(0);

    const ticker = await exchange.fetchTicker('BTC/USDT');
    const quote = (await call(t.app, 'GET', 'currency/futures_info', { symbol: 'BTCUSDT' })).body
      .message;
    // No trade yet: the app shows no price, and ccxt reads Binance's "0" last price as unknown.
    expect(Number(quote.price)).toBe(0);
    expect(ticker.last).toBeUndefined();
    expect(ticker.high ?? 0).toBe(Number(quote.high));
    expect(ticker.bid).toBe(29900);
    expect(ticker.ask).toBe(30000);
    const tickers = await exchange.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);

    const candles = await exchange.fetchOHLCV('BTC/USDT', '1m', undefined, 5);
    const bars = (
      await call(t.app, 'GET', 'currency/kline', { symbol: 'BTCUSDT', period: '1min', limit: '5' })
    ).body.message as {
      time: number;
      open: string;
      close: string;
      volume: string;
      simulated?: boolean;
    }[];
    // The app draws the demo's simulated history, flagged; the API serves only traded bars.
    expect(bars.length).toBeGreaterThan(0);
    expect(candles.map((c) => [c[0], c[1], c[4], c[5]])).toEqual(
      bars
        .filter((b) => !b.simulated)
        .map((b) => [b.time, Number(b.open), Number(b.close), Number(b.volume)]),
    );
  });

  it('trades: balance, limit and market orders, a stop-limit, a take-profit, an OCO, open orders, cancel, fills', async () => {
    const balance = await exchange.fetchBalance();
    expect(balance.USDT?.free).toBe(50000);
    expect(balance.BTC?.free).toBe(1);

    // A market buy takes the best ask; its fills are the app's.
    const bought = await exchange.createOrder('BTC/USDT', 'market', 'buy', 0.1);
    expect(bought.status).toBe('closed');
    expect(bought.filled).toBe(0.1);
    expect(bought.average).toBe(30000);
    const mine = (
      await call(t.app, 'GET', 'coin/order', { id: String(bought.id) }, auth(bot.token))
    ).body.message;
    expect(mine.status).toBe('completed');
    expect(Number(mine.filled)).toBe(0.1);

    // A resting limit buy, seen open in the app and by ccxt; then cancelled.
    const limit = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.2, 29000, {
      clientOrderId: 'grid-1',
    });
    expect(limit.status).toBe('open');
    expect(limit.clientOrderId).toBe('grid-1');
    expect(await spotBalance(t, bot.id, USDT)).toMatchObject({ frozen: '5800' });

    // A stop-limit sell below the market, waiting for its price.
    const stop = await exchange.createOrder('BTC/USDT', 'STOP_LOSS_LIMIT', 'sell', 0.1, 27000, {
      stopPrice: 27500,
    });
    expect(stop.status).toBe('open');
    const waiting = (
      await call(t.app, 'GET', 'coin/order', { id: String(stop.id) }, auth(bot.token))
    ).body.message;
    expect([waiting.type, waiting.trigger, waiting.stop_price]).toEqual([
      'stop_limit',
      'pending',
      '27500.00',
    ]);

    // A take-profit sell above the market (ccxt's takeProfitPrice: TAKE_PROFIT_LIMIT), waiting
    // for the price to rise to it; in the app a pending stop-limit.
    const profit = await exchange.createOrder('BTC/USDT', 'limit', 'sell', 0.1, 33000, {
      takeProfitPrice: 33000,
    });
    expect([profit.status, profit.info.type]).toEqual(['open', 'TAKE_PROFIT_LIMIT']);
    const later = (
      await call(t.app, 'GET', 'coin/order', { id: String(profit.id) }, auth(bot.token))
    ).body.message;
    expect([later.type, later.trigger, later.stop_price]).toEqual([
      'stop_limit',
      'pending',
      '33000.00',
    ]);

    const open = await exchange.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id).sort()).toEqual([limit.id, stop.id, profit.id].sort());
    const app = (
      await call(t.app, 'GET', 'coin/list', { status: 'waiting' }, auth(bot.token))
    ).body.message.list.map((o: { id: number }) => String(o.id));
    expect(app.sort()).toEqual([limit.id, stop.id, profit.id].sort());

    const cancelled = await exchange.cancelOrder(String(limit.id), 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    const fetched = await exchange.fetchOrder(String(limit.id), 'BTC/USDT');
    expect(fetched.status).toBe('canceled');
    expect(await spotBalance(t, bot.id, USDT)).toMatchObject({ frozen: '0' });

    const fills = await exchange.fetchMyTrades('BTC/USDT');
    expect(fills).toHaveLength(1);
    expect([fills[0]!.order, fills[0]!.price, fills[0]!.amount, fills[0]!.side]).toEqual([
      bought.id,
      30000,
      0.1,
      'buy',
    ]);
    expect(fills[0]!.fee?.currency).toBe('BTC');
    await expectBooksRight(t, admin);
  });

  it('places an OCO sell and cancels it as one list', async () => {
    const list = await exchange.privatePostOrderListOco({
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.1',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '31000',
      belowType: 'STOP_LOSS_LIMIT',
      belowStopPrice: '27000',
      belowPrice: '26900',
      belowTimeInForce: 'GTC',
    });
    expect(list.contingencyType).toBe('OCO');
    expect(list.listOrderStatus).toBe('EXECUTING');
    const [below, above] = list.orderReports as { orderId: number; type: string }[];
    expect([below!.type, above!.type]).toEqual(['STOP_LOSS_LIMIT', 'LIMIT_MAKER']);
    const app = (
      await call(t.app, 'GET', 'coin/order', { id: String(above!.orderId) }, auth(bot.token))
    ).body.message;
    expect(app.oco_id).toBe(below!.orderId);

    const lists = await exchange.privateGetOpenOrderList();
    expect(lists.map((l: { orderListId: number }) => l.orderListId)).toEqual([list.orderListId]);
    const done = await exchange.privateDeleteOrderList({
      symbol: 'BTCUSDT',
      orderListId: String(list.orderListId),
    });
    expect(done.listOrderStatus).toBe('ALL_DONE');
    expect(await exchange.privateGetOpenOrderList()).toEqual([]);
    await expectBooksRight(t, admin);
  });
});
