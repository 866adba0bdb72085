import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { auth, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { SpotService } from './service.ts';
import {
  BTC,
  expectBooksRight,
  fund,
  order,
  orderOf,
  spotBalance,
  twoTraders,
  USDT,
} from './test-kit.ts';

describe('spot stop and OCO orders through the API', () => {
  let t: MoneyApp;
  let admin: string;
  let seller: TestUser;
  let buyer: TestUser;
  /** A third user whose trades move the last price. */
  let mover: TestUser;

  beforeEach(async () => {
    ({ t, admin, seller, buyer } = await twoTraders());
    mover = await seedUser(t);
    await fund(t, mover.id, USDT, '100000');
    await fund(t, mover.id, BTC, '1');
  });
  afterEach(() => t.close());

  /** A trade of 0.01 BTC at `price` between the seller and the mover: the pair's last price. */
  async function tradeAt(price: string, taker: 'buy' | 'sell' = 'buy') {
    const maker = taker === 'buy' ? seller : buyer;
    await order(t.app, maker.token, {
      side: taker === 'buy' ? 'sell' : 'buy',
      price,
      amount: '0.01',
    });
    const fill = await order(t.app, mover.token, { side: taker, price, amount: '0.01' });
    expect(fill.body.message.status).toBe('completed');
  }
  const deal = async () =>
    (await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' })).body.message;
  const open = async (user: TestUser) =>
    (await call(t.app, 'GET', 'coin/list', { status: 'waiting' }, auth(user.token))).body.message
      .list;

  it('a stop-limit holds its funds outside the book, survives a restart there, fires on the last trade price and fills', async () => {
    await tradeAt('60000');
    const stop = await order(t.app, buyer.token, {
      side: 'buy',
      type: 'stop_limit',
      stop_price: '60500',
      price: '60600',
      amount: '0.1',
    });
    expect(stop.status).toBe(200);
    const id = stop.body.message.id as number;
    expect(stop.body.message).toMatchObject({
      type: 'stop_limit',
      status: 'waiting',
      trigger: 'pending',
      stop_price: '60500.00',
      price: '60600.00',
      time_in_force: 'gtc',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93940', frozen: '6060' });
    expect((await deal()).bids).toEqual([]);
    expect(await open(buyer)).toMatchObject([{ id, trigger: 'pending' }]);

    // Refused: a stop the last price (60,000) has reached, and fields that do not fit.
    const refusals: [Record<string, string>, TestUser, number, string][] = [
      [{ side: 'buy', stop_price: '60000', price: '60100' }, buyer, 409, 'STOP_WOULD_TRIGGER'],
      [{ side: 'sell', stop_price: '60000', price: '59900' }, seller, 409, 'STOP_WOULD_TRIGGER'],
      [{ side: 'buy', price: '60100' }, buyer, 400, 'STOP_PRICE_REQUIRED'],
      [{ side: 'buy', stop_price: '60500' }, buyer, 400, 'PRICE_REQUIRED'],
      [{ side: 'buy', stop_price: '60500.001', price: '60600' }, buyer, 400, 'PRICE_PRECISION'],
      [{ side: 'buy', stop_price: '0', price: '60600' }, buyer, 400, 'STOP_PRICE_REQUIRED'],
      [
        { side: 'buy', stop_price: '70000', price: '70000', amount: '2' },
        buyer,
        400,
        'INSUFFICIENT_BALANCE',
      ],
    ];
    for (const [fields, user, status, code] of refusals) {
      const form = { symbol: 'BTCUSDT', type: 'stop_limit', amount: '0.1', ...fields };
      const answer = await call(t.app, 'POST', 'coin/trade', form, auth(user.token));
      expect([answer.status, answer.body.code], JSON.stringify(fields)).toEqual([status, code]);
    }

    // A restart files it in the trigger book again, not in the order book.
    const live = t.app.spot.writers.get('BTCUSDT')!;
    const restarted = new SpotService({
      db: t.db,
      clock: t.clock,
      hub: t.app.hub,
      market: t.app.market,
      log: t.app.log,
    });
    await restarted.start();
    const again = restarted.writers.get('BTCUSDT')!;
    expect(again.stops.has(id)).toBe(true);
    expect(again.book.order(id)).toBeUndefined();
    expect(again.book.stateHash()).toBe(live.book.stateHash());
    expect(again.last.price).toBe(6000000n);

    // Asks at 60,500 and 60,550; the mover takes 60,500: the last price reaches the stop, which
    // becomes a limit buy at 60,600 in the same batch and takes 0.1 at 60,550.
    await order(t.app, seller.token, { side: 'sell', price: '60500', amount: '0.05' });
    await order(t.app, seller.token, { side: 'sell', price: '60550', amount: '0.2' });
    expect((await orderOf(t, buyer.token, id)).trigger).toBe('pending');
    await order(t.app, mover.token, { side: 'buy', price: '60500', amount: '0.05' });
    expect(await orderOf(t, buyer.token, id)).toMatchObject({
      status: 'completed',
      trigger: 'triggered',
      filled: '0.10000',
      avg_price: '60550.00',
      trades: [{ price: '60550.00', role: 'taker' }],
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93945', frozen: '0' });
    expect(await spotBalance(t, buyer.id, BTC)).toEqual({ available: '0.0999', frozen: '0' });
    expect((await deal()).asks).toEqual([['60550.00', '0.10000']]);

    // A sell stop-limit cancelled before it fires: its BTC is free again, it waits for nothing.
    const sellStop = await order(t.app, seller.token, {
      side: 'sell',
      type: 'stop_limit',
      stop_price: '60000',
      price: '59900',
      amount: '0.2',
    });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.54', frozen: '0.3' });
    const cancelled = await call(
      t.app,
      'PUT',
      'coin/trade',
      { id: String(sellStop.body.message.id) },
      auth(seller.token),
    );
    expect(cancelled.body.message).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'user',
      trigger: null,
    });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.74', frozen: '0.1' });
    expect(live.stops.size).toBe(0);
    await expectBooksRight(t, admin);
  });

  it('a fired stop-limit that rests joins the back of its price, and a restart keeps it there', async () => {
    await tradeAt('60000');
    const restart = async () => {
      const service = new SpotService({
        db: t.db,
        clock: t.clock,
        hub: t.app.hub,
        market: t.app.market,
        log: t.app.log,
      });
      await service.start();
      return service.writers.get('BTCUSDT')!.book;
    };
    const live = t.app.spot.writers.get('BTCUSDT')!;
    const queue = (book = live.book) =>
      book
        .orders()
        .filter((o) => o.price === 6040000n)
        .map((o) => [Number(o.id), o.remaining]);
    const stop = await order(t.app, buyer.token, {
      side: 'buy',
      type: 'stop_limit',
      stop_price: '60500',
      price: '60400',
      amount: '0.1',
    });
    const s = stop.body.message.id as number;
    t.clock.advance(1000);
    const x = (await order(t.app, mover.token, { side: 'buy', price: '60400', amount: '0.05' }))
      .body.message.id as number;
    t.clock.advance(1000);
    await tradeAt('60500');
    t.clock.advance(1000);
    const y = (await order(t.app, mover.token, { side: 'buy', price: '60400', amount: '0.02' }))
      .body.message.id as number;
    expect(queue()).toEqual([
      [x, 5000n],
      [s, 10000n],
      [y, 2000n],
    ]);
    expect(queue(await restart())).toEqual(queue());
    expect((await restart()).stateHash()).toBe(live.book.stateHash());

    // Taken down to the middle of the stop: it is the head now, partly filled.
    await order(t.app, seller.token, { side: 'sell', price: '60400', amount: '0.06' });
    expect(queue()).toEqual([
      [s, 9000n],
      [y, 2000n],
    ]);
    expect((await restart()).stateHash()).toBe(live.book.stateHash());
    await expectBooksRight(t, admin);
  });

  it('a stop-market sell sells at market when the price falls to it; a buy freezes amount × stop × 1.05 and returns the rest; one with nothing to trade ends as no-liquidity', async () => {
    await tradeAt('60000');
    const sell = await order(t.app, seller.token, {
      side: 'sell',
      type: 'stop_market',
      stop_price: '59500',
      amount: '0.1',
    });
    expect(sell.body.message).toMatchObject({ price: null, trigger: 'pending', funds: null });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.89', frozen: '0.1' });
    await order(t.app, buyer.token, { side: 'buy', price: '59400', amount: '0.05' });
    await order(t.app, buyer.token, { side: 'buy', price: '59300', amount: '0.1' });
    // The mover sells 0.01 at 59,400: the last price falls through the stop.
    await order(t.app, mover.token, { side: 'sell', price: '59400', amount: '0.01' });
    expect(await orderOf(t, seller.token, sell.body.message.id)).toMatchObject({
      status: 'completed',
      trigger: 'triggered',
      filled: '0.10000',
      // 0.04 × 59,400 + 0.06 × 59,300
      filled_quote: '5934.00',
    });
    // 600 from the first trade, plus 5,934 less 0.1%.
    expect(await spotBalance(t, seller.id, USDT)).toEqual({ available: '6527.466', frozen: '0' });
    expect((await deal()).bids).toEqual([['59300.00', '0.04000']]);

    const buy = await order(t.app, buyer.token, {
      side: 'buy',
      type: 'stop_market',
      stop_price: '61000',
      amount: '0.1',
    });
    expect(buy.body.message).toMatchObject({ funds: '6405.00', trigger: 'pending' });
    // The bid left holds 2,372 (0.04 × 59,300), the stop 6,405 (0.1 × 61,000 × 1.05).
    const usdt = await spotBalance(t, buyer.id, USDT);
    expect(usdt.frozen).toBe('8777');
    await order(t.app, seller.token, { side: 'sell', price: '61000', amount: '0.05' });
    await order(t.app, seller.token, { side: 'sell', price: '61200', amount: '0.2' });
    await order(t.app, mover.token, { side: 'buy', price: '61000', amount: '0.05' });
    expect(await orderOf(t, buyer.token, buy.body.message.id)).toMatchObject({
      status: 'completed',
      filled: '0.10000',
      filled_quote: '6120.00',
      funds: '6120.00',
    });
    const after = await spotBalance(t, buyer.id, USDT);
    expect(after.frozen).toBe('2372');
    expect(Number(after.available)).toBe(Number(usdt.available) + 6405 - 6120);

    // The mover clears the asks; a stop-market buy whose trigger takes the last ask finds none.
    await order(t.app, mover.token, { side: 'buy', price: '61200', amount: '0.1' });
    await order(t.app, seller.token, { side: 'sell', price: '62000', amount: '0.05' });
    const dry = await order(t.app, buyer.token, {
      side: 'buy',
      type: 'stop_market',
      stop_price: '62000',
      amount: '0.1',
    });
    await order(t.app, mover.token, { side: 'buy', price: '62000', amount: '0.05' });
    expect(await orderOf(t, buyer.token, dry.body.message.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'no-liquidity',
      trigger: 'triggered',
      filled: '0.00000',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual(after);
    await expectBooksRight(t, admin);
  });

  it('an OCO sell freezes its amount once; a fill of its limit order cancels the stop, the stop firing cancels the limit order', async () => {
    await tradeAt('60000');
    const oco = {
      side: 'sell' as const,
      type: 'oco' as const,
      amount: '0.1',
      price: '61000',
      stop_price: '59000',
      stop_limit_price: '58900',
    };
    const first = await order(t.app, seller.token, oco);
    expect(first.status).toBe(200);
    const limitId = first.body.message.id as number;
    const stopId = first.body.message.oco_id as number;
    expect(first.body.message).toMatchObject({ type: 'limit', price: '61000.00', trigger: null });
    expect(await open(seller)).toMatchObject([
      {
        id: stopId,
        type: 'stop_limit',
        trigger: 'pending',
        stop_price: '59000.00',
        price: '58900.00',
        oco_id: limitId,
      },
      { id: limitId, type: 'limit', oco_id: stopId },
    ]);
    // 0.01 sold in the first trade, 0.1 frozen once for both orders.
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.89', frozen: '0.1' });
    expect((await deal()).asks).toEqual([['61000.00', '0.10000']]);

    // Refused: prices the wrong way round, and a stop the last price has passed.
    for (const [fields, status, code] of [
      [{ price: '58000' }, 400, 'OCO_PRICES'],
      [{ stop_price: '60000' }, 409, 'STOP_WOULD_TRIGGER'],
      [{ stop_limit_price: undefined }, 400, 'PRICE_REQUIRED'],
    ] as const) {
      const answer = await order(t.app, seller.token, { ...oco, ...fields });
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }

    // Part of the limit order is bought: the stop is cancelled in the same batch.
    await order(t.app, buyer.token, { side: 'buy', price: '61000', amount: '0.04' });
    expect(await orderOf(t, seller.token, stopId)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
      trigger: null,
    });
    expect(await orderOf(t, seller.token, limitId)).toMatchObject({
      status: 'waiting',
      filled: '0.04000',
    });
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.89', frozen: '0.06' });
    await call(t.app, 'PUT', 'coin/trade', { id: String(limitId) }, auth(seller.token));

    // A second one whose stop fires: a bid at 58,950, and the mover sells into it. Its limit
    // sits above the last price (61,000 since the fill above).
    const second = await order(t.app, seller.token, { ...oco, price: '61500' });
    const limit2 = second.body.message.id as number;
    const stop2 = second.body.message.oco_id as number;
    await order(t.app, buyer.token, { side: 'buy', price: '58950', amount: '0.2' });
    await order(t.app, mover.token, { side: 'sell', price: '58950', amount: '0.01' });
    expect(await orderOf(t, seller.token, limit2)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
      filled: '0.00000',
    });
    expect(await orderOf(t, seller.token, stop2)).toMatchObject({
      status: 'completed',
      trigger: 'triggered',
      filled: '0.10000',
      avg_price: '58950.00',
    });
    expect((await deal()).asks).toEqual([]);
    expect(await spotBalance(t, seller.id, BTC)).toEqual({ available: '0.85', frozen: '0' });
    await expectBooksRight(t, admin);
  });

  it('an OCO buy freezes the dearer price once; cancelling one order cancels both; when the stop fires the excess returns', async () => {
    await tradeAt('60000');
    const oco = {
      side: 'buy' as const,
      type: 'oco' as const,
      amount: '0.1',
      price: '59000',
      stop_price: '61000',
      stop_limit_price: '61100',
    };
    const first = await order(t.app, buyer.token, oco);
    // 61,100 × 0.1, once.
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93890', frozen: '6110' });
    expect((await deal()).bids).toEqual([['59000.00', '0.10000']]);
    const stopId = first.body.message.oco_id as number;
    const cancelled = await call(
      t.app,
      'PUT',
      'coin/trade',
      { id: String(stopId) },
      auth(buyer.token),
    );
    expect(cancelled.body.message).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
    expect(await orderOf(t, buyer.token, first.body.message.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '100000', frozen: '0' });
    expect((await deal()).bids).toEqual([]);
    const wrong = await order(t.app, buyer.token, { ...oco, price: '61500' });
    expect(wrong.body.code).toBe('OCO_PRICES');

    const second = await order(t.app, buyer.token, oco);
    await order(t.app, seller.token, { side: 'sell', price: '61000', amount: '0.02' });
    await order(t.app, seller.token, { side: 'sell', price: '61050', amount: '0.2' });
    await order(t.app, mover.token, { side: 'buy', price: '61000', amount: '0.02' });
    expect(await orderOf(t, buyer.token, second.body.message.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
    });
    expect(await orderOf(t, buyer.token, second.body.message.oco_id)).toMatchObject({
      status: 'completed',
      trigger: 'triggered',
      avg_price: '61050.00',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93895', frozen: '0' });
    await expectBooksRight(t, admin);
  });
  it('an OCO whose limit price is at or past the last price is refused (limit > last > stop for a sell, limit < last < stop for a buy): nothing frozen, nothing traded', async () => {
    await tradeAt('60000');
    // Bids and asks that a limit order past the market would have taken at once.
    await order(t.app, buyer.token, { side: 'buy', price: '59900', amount: '0.2' });
    await order(t.app, seller.token, { side: 'sell', price: '60100', amount: '0.2' });
    const before = {
      seller: await spotBalance(t, seller.id, BTC),
      buyer: await spotBalance(t, buyer.id, USDT),
      deal: await deal(),
    };
    const sell = { side: 'sell' as const, type: 'oco' as const, amount: '0.1' };
    const buy = { side: 'buy' as const, type: 'oco' as const, amount: '0.1' };
    for (const [who, fields] of [
      // A sell's limit under the last price (and over its stop), and at it.
      [seller, { ...sell, price: '59500', stop_price: '59000', stop_limit_price: '58900' }],
      [seller, { ...sell, price: '60000', stop_price: '59000', stop_limit_price: '58900' }],
      // A buy's limit over the last price (and under its stop), and at it.
      [buyer, { ...buy, price: '60500', stop_price: '61000', stop_limit_price: '61100' }],
      [buyer, { ...buy, price: '60000', stop_price: '61000', stop_limit_price: '61100' }],
    ] as const) {
      const answer = await order(t.app, who.token, fields);
      expect([answer.status, answer.body.code]).toEqual([409, 'OCO_PRICE_RELATION']);
    }
    // Told in the user's language.
    const es = await order(
      t.app,
      seller.token,
      { ...sell, price: '59500', stop_price: '59000', stop_limit_price: '58900' },
      { lang: 'esp' },
    );
    expect(es.body.message).toMatch(/último precio/);
    expect(await spotBalance(t, seller.id, BTC)).toEqual(before.seller);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual(before.buyer);
    expect(await deal()).toEqual(before.deal);

    // With the last price between its prices the same sell is taken.
    const good = await order(t.app, seller.token, {
      ...sell,
      price: '60200',
      stop_price: '59000',
      stop_limit_price: '58900',
    });
    expect(good.status).toBe(200);
    expect(good.body.message).toMatchObject({ status: 'waiting', filled: '0.00000' });
    await expectBooksRight(t, admin);
  });
});
