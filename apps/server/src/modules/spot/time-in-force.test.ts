import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { auth, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { expectBooksRight, order, spotBalance, twoTraders, USDT } from './test-kit.ts';

describe('spot time in force and post-only through the API', () => {
  let t: MoneyApp;
  let admin: string;
  let seller: TestUser;
  let buyer: TestUser;

  beforeEach(async () => {
    ({ t, admin, seller, buyer } = await twoTraders());
  });
  afterEach(() => t.close());

  const asks = async () =>
    (await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' })).body.message.asks;

  it('IOC fills what it reaches and cancels the rest; FOK fills whole or not at all; neither rests', async () => {
    await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.1' });
    await order(t.app, seller.token, { side: 'sell', price: '60100', amount: '0.1' });

    const ioc = await order(t.app, buyer.token, {
      side: 'buy',
      price: '60050',
      amount: '0.3',
      time_in_force: 'ioc',
    });
    expect(ioc.status).toBe(200);
    expect(ioc.body.message).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'ioc-remainder',
      time_in_force: 'ioc',
      post_only: false,
      stop_price: null,
      trigger: null,
      filled: '0.10000',
      avg_price: '60000.00',
    });
    // 18,015 frozen for a moment; 6,000 spent; the rest is free again, nothing rests.
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '94000', frozen: '0' });
    expect(await asks()).toEqual([['60100.00', '0.10000']]);

    const short = await order(t.app, buyer.token, {
      side: 'buy',
      price: '60100',
      amount: '0.2',
      time_in_force: 'fok',
    });
    expect(short.body.message).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'fok',
      time_in_force: 'fok',
      filled: '0.00000',
    });
    const detail = await call(
      t.app,
      'GET',
      'coin/order',
      { id: String(short.body.message.id) },
      auth(buyer.token),
    );
    expect(detail.body.message.trades).toEqual([]);
    expect(await asks()).toEqual([['60100.00', '0.10000']]);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '94000', frozen: '0' });

    const whole = await order(t.app, buyer.token, {
      side: 'buy',
      price: '60100',
      amount: '0.1',
      time_in_force: 'fok',
    });
    expect(whole.body.message).toMatchObject({ status: 'completed', filled: '0.10000' });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '87990', frozen: '0' });
    expect(await asks()).toEqual([]);

    const history = await call(t.app, 'GET', 'coin/list', { status: 'history' }, auth(buyer.token));
    expect(
      history.body.message.list.map((o: { cancel_reason: string }) => o.cancel_reason),
    ).toEqual([null, 'fok', 'ioc-remainder']);
    await expectBooksRight(t, admin);
  });

  it('refuses a post-only order that would take, and rests one that would not', async () => {
    await order(t.app, seller.token, { side: 'sell', price: '60200', amount: '0.1' });
    const taking = await call(
      t.app,
      'POST',
      'coin/trade',
      { symbol: 'BTCUSDT', side: 'buy', price: '60200', amount: '0.1', post_only: '1' },
      auth(buyer.token, { lang: 'zh' }),
    );
    expect([taking.status, taking.body.code]).toEqual([409, 'POST_ONLY_WOULD_TAKE']);
    expect(taking.body.message).not.toMatch(/[a-z]{4}/);
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '100000', frozen: '0' });
    expect(await asks()).toEqual([['60200.00', '0.10000']]);

    const making = await order(t.app, buyer.token, {
      side: 'buy',
      price: '60150',
      amount: '0.1',
      post_only: '1',
    });
    expect(making.body.message).toMatchObject({
      status: 'waiting',
      post_only: true,
      time_in_force: 'gtc',
    });
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93985', frozen: '6015' });
    // It is a maker when taken: the seller hits it and pays the taker fee.
    const hit = await order(t.app, seller.token, { side: 'sell', price: '60150', amount: '0.1' });
    expect(hit.body.message).toMatchObject({ status: 'completed', avg_price: '60150.00' });

    const refusals: [Record<string, string>, string][] = [
      [
        { type: 'limit', price: '60000', amount: '0.1', post_only: '1', time_in_force: 'ioc' },
        'post_only',
      ],
      [{ type: 'market', amount: '0.1', post_only: '1' }, 'post_only'],
      [{ type: 'market', amount: '0.1', time_in_force: 'fok' }, 'time_in_force'],
      [{ type: 'limit', price: '60000', amount: '0.1', time_in_force: 'day' }, 'time_in_force'],
      [{ type: 'limit', price: '60000', amount: '0.1', post_only: 'maybe' }, 'post_only'],
      [{ type: 'limit', price: '60000', amount: '0.1', stop_price: '59000' }, 'stop_price'],
    ];
    for (const [fields, field] of refusals) {
      const form = { symbol: 'BTCUSDT', side: 'buy', ...fields };
      const answer = await call(t.app, 'POST', 'coin/trade', form, auth(buyer.token));
      expect([answer.status, answer.body.code], JSON.stringify(fields)).toEqual([
        400,
        'VALIDATION',
      ]);
      expect(answer.body.message).toContain(field);
    }
    expect(await spotBalance(t, buyer.id, USDT)).toEqual({ available: '93985', frozen: '0' });
    await expectBooksRight(t, admin);
  });
});
