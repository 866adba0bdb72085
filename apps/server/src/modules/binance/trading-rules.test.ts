// Binance's trading rules beyond the basics: take-profit orders (fired the other way from a
// stop-loss, from recorded trade prices), client order ids unique among open orders under
// concurrent placement, an OCO's listClientOrderId, and the unfilled order count.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { call } from '../../test/harness.ts';
import {
  BTC,
  USDT,
  expectBooksRight,
  fund,
  order,
  spotBalance,
  twoTraders,
} from '../spot/test-kit.ts';
import { auth, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let seller: TestUser;
let buyer: TestUser;
/** The Binance API's user, with a trading key. */
let bot: TestUser;
let key: { key: string; secret: string };

beforeEach(async () => {
  ({ t, admin, seller, buyer } = await twoTraders());
  bot = await seedUser(t);
  await fund(t, bot.id, USDT, '10000');
  await fund(t, bot.id, BTC, '1');
  const made = await call(
    t.app,
    'POST',
    'user/api_keys',
    { label: 'bot', permissions: 'read,trade' },
    auth(bot.token),
  );
  key = made.body.message;
});
afterEach(() => t.close());

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
) {
  const query = new URLSearchParams({
    ...params,
    timestamp: String(t.clock.now().getTime()),
  }).toString();
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  const response = await t.app.inject({
    method,
    url: `/api/v3${path}?${query}&signature=${signature}`,
    headers: { 'x-mbx-apikey': key.key },
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    headers: response.headers,
  };
}

/** A trade of 0.01 BTC at `price` between the app's seller and buyer: the pair's last price. */
async function tradeAt(price: string) {
  await order(t.app, seller.token, { side: 'sell', price, amount: '0.01' });
  const fill = await order(t.app, buyer.token, { side: 'buy', price, amount: '0.01' });
  expect(fill.body.message.status).toBe('completed');
}

const limit = (side: 'BUY' | 'SELL', price: string, extra: Record<string, string> = {}) => ({
  symbol: 'BTCUSDT',
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01',
  price,
  ...extra,
});

describe('the Binance API: take-profit, client ids, order counts', () => {
  it('lists TAKE_PROFIT types and the ORDERS limits in exchangeInfo', async () => {
    const info = (await t.app.inject({ url: '/api/v3/exchangeInfo?symbol=BTCUSDT' })).json();
    expect(info.symbols[0].orderTypes).toEqual([
      'LIMIT',
      'LIMIT_MAKER',
      'MARKET',
      'STOP_LOSS',
      'STOP_LOSS_LIMIT',
      'TAKE_PROFIT',
      'TAKE_PROFIT_LIMIT',
    ]);
    expect(info.rateLimits).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
    ]);
  });

  it('a take-profit sell waits for the price to rise to it, a take-profit buy for it to fall; each fills from the book', async () => {
    await tradeAt('60000');
    // Already reached: a take-profit sell at or below the last price, a buy at or above it.
    for (const [side, stop] of [
      ['SELL', '60000'],
      ['BUY', '60000'],
    ] as const) {
      const refused = await send('POST', '/order', {
        ...limit(side, stop),
        type: 'TAKE_PROFIT_LIMIT',
        stopPrice: stop,
      });
      expect(refused.body).toEqual({ code: -2010, msg: 'Order would trigger immediately.' });
    }
    const sell = await send('POST', '/order', {
      ...limit('SELL', '61000'),
      type: 'TAKE_PROFIT_LIMIT',
      stopPrice: '61000',
      newOrderRespType: 'RESULT',
    });
    expect(sell.body).toMatchObject({
      type: 'TAKE_PROFIT_LIMIT',
      side: 'SELL',
      status: 'NEW',
      stopPrice: '61000.00',
      workingTime: -1,
    });
    const buy = await send('POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'TAKE_PROFIT',
      quantity: '0.01',
      stopPrice: '59000',
    });
    expect(buy.status).toBe(200);
    // The bot's BTC is held for the sell, its USDT for the buy (0.01 × 59,000 × 1.05).
    expect(await spotBalance(t, bot.id, BTC)).toEqual({ available: '0.99', frozen: '0.01' });
    expect(await spotBalance(t, bot.id, USDT)).toEqual({ available: '9380.5', frozen: '619.5' });

    // A rise to 60,500 fires neither; a rise to 61,000 fires the sell, which fills at its price.
    await tradeAt('60500');
    const waiting = await send('GET', '/openOrders', { symbol: 'BTCUSDT' });
    expect((waiting.body as unknown as { type: string }[]).map((o) => o.type)).toEqual([
      'TAKE_PROFIT_LIMIT',
      'TAKE_PROFIT',
    ]);
    const bid = await order(t.app, buyer.token, { side: 'buy', price: '61000', amount: '0.02' });
    // The seller's 0.01 fills half the bid at 61,000; the take-profit fills the other half.
    await order(t.app, seller.token, { side: 'sell', price: '61000', amount: '0.01' });
    expect(
      (
        await call(
          t.app,
          'GET',
          'coin/order',
          { id: String(bid.body.message.id) },
          auth(buyer.token),
        )
      ).body.message.status,
    ).toBe('completed');
    const sold = await send('GET', '/order', {
      symbol: 'BTCUSDT',
      orderId: String(sell.body.orderId),
    });
    expect(sold.body).toMatchObject({
      status: 'FILLED',
      type: 'TAKE_PROFIT_LIMIT',
      executedQty: '0.01000',
    });

    // A fall to 59,000 fires the take-profit buy: it buys at market from the seller's ask.
    await order(t.app, seller.token, { side: 'sell', price: '59100', amount: '0.01' });
    await tradeAt('59000');
    const bought = await send('GET', '/order', {
      symbol: 'BTCUSDT',
      orderId: String(buy.body.orderId),
    });
    expect(bought.body).toMatchObject({
      status: 'FILLED',
      type: 'TAKE_PROFIT',
      executedQty: '0.01000',
    });
    expect(await spotBalance(t, bot.id, USDT)).toMatchObject({ frozen: '0' });
    await expectBooksRight(t, admin);
  });

  it('of two placements with one client id at once, exactly one is taken; the id is free again once that order is closed', async () => {
    const same = limit('BUY', '50000', { newClientOrderId: 'twice' });
    const answers = await Promise.all([send('POST', '/order', same), send('POST', '/order', same)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toEqual({
      code: -2010,
      msg: 'Duplicate order sent.',
    });
    const open = await send('GET', '/openOrders', { symbol: 'BTCUSDT' });
    expect(open.body).toHaveLength(1);
    // In one batch through the spot service too: the writer decides, not a read before it.
    const twice = {
      symbol: 'BTCUSDT',
      side: 'buy' as const,
      type: 'limit' as const,
      amount: '0.01',
      price: '49000',
      client_order_id: 'batch',
    };
    const settled = await Promise.allSettled([
      t.app.spot.place(bot.id, twice),
      t.app.spot.place(bot.id, twice),
    ]);
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Cancelled, the id may name a new order.
    await send('DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'twice' });
    const again = await send('POST', '/order', same);
    expect(again.body).toMatchObject({ clientOrderId: 'twice', status: 'NEW' });
    expect(await spotBalance(t, bot.id, USDT)).toEqual({ available: '9010', frozen: '990' });
    await expectBooksRight(t, admin);
  });

  it("keeps an OCO's listClientOrderId: found by it, unique among open lists", async () => {
    await tradeAt('60000');
    const oco = {
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.01',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '62000',
      belowType: 'STOP_LOSS_LIMIT',
      belowStopPrice: '58000',
      belowPrice: '57900',
      belowTimeInForce: 'GTC',
      listClientOrderId: 'my-list',
    };
    const placed = await send('POST', '/orderList/oco', oco);
    expect(placed.body).toMatchObject({
      listClientOrderId: 'my-list',
      listOrderStatus: 'EXECUTING',
    });
    const found = await send('GET', '/orderList', { origClientOrderId: 'my-list' });
    expect(found.body).toMatchObject({
      orderListId: placed.body.orderListId,
      listClientOrderId: 'my-list',
    });
    const twice = await send('POST', '/orderList/oco', oco);
    expect(twice.body).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    const gone = await send('DELETE', '/orderList', {
      symbol: 'BTCUSDT',
      listClientOrderId: 'my-list',
    });
    expect(gone.body).toMatchObject({ listClientOrderId: 'my-list', listOrderStatus: 'ALL_DONE' });
    expect((await send('POST', '/orderList/oco', oco)).status).toBe(200);
    await expectBooksRight(t, admin);
  });

  it('counts unfilled orders per account: X-MBX-ORDER-COUNT headers, -1015 at the limit, a new interval starts again', async () => {
    t.app.binanceOrderCounts.limits = [
      { interval: 'SECOND', intervalNum: 10, limit: 2 },
      { interval: 'DAY', intervalNum: 1, limit: 100 },
    ];
    t.clock.advance(10_000 - (t.clock.now().getTime() % 10_000)); // the start of an interval
    const first = await send('POST', '/order', limit('BUY', '50000'));
    expect(first.headers['x-mbx-order-count-10s']).toBe('1');
    expect(first.headers['x-mbx-order-count-1d']).toBe('1');
    // An order that fills when placed does not count.
    await order(t.app, seller.token, { side: 'sell', price: '50500', amount: '0.01' });
    const taker = await send('POST', '/order', limit('BUY', '50500'));
    expect(taker.body).toMatchObject({ status: 'FILLED' });
    expect(taker.headers['x-mbx-order-count-10s']).toBe('1');
    const second = await send('POST', '/order', limit('BUY', '50000'));
    expect(second.headers['x-mbx-order-count-10s']).toBe('2');
    const refused = await send('POST', '/order', limit('BUY', '50000'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: -1015,
      msg: 'Too many new orders; current limit is 2 orders per 10 SECOND.',
    });
    expect(refused.headers['retry-after']).toBeUndefined();
    expect((await send('GET', '/openOrders', { symbol: 'BTCUSDT' })).body).toHaveLength(2);
    t.clock.advance(10_000);
    const later = await send('POST', '/order', limit('BUY', '50000'));
    expect(later.headers['x-mbx-order-count-10s']).toBe('1');
    expect(later.headers['x-mbx-order-count-1d']).toBe('3');
    await expectBooksRight(t, admin);
  });
});
