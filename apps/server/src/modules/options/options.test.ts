import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { journalEntries, optionOrders } from '@hx/db';
import type { App } from '../../app.ts';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { asMoneyApp, buy, optionsUser, optionsWorld, tick, type OptionsWorld } from './test-kit.ts';

let w: OptionsWorld;
let app: App;
let t: MoneyApp;
let admin: string;
const now = () => w.clock.now().getTime();

beforeEach(async () => {
  w = await optionsWorld();
  app = await w.server();
  t = asMoneyApp(w, app);
  admin = await adminToken(t);
});
afterEach(() => w.close());

const settlements = (db = w.db.db) =>
  db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.refType, 'option'), like(journalEntries.kind, 'option\\_%')))
    .then((rows) => rows.filter((r) => r.kind !== 'option_buy'));

const lists = async (token: string, status: 'open' | 'settled') =>
  (await call(app, 'GET', 'microtrade/lists', { status }, auth(token))).body.message;

describe('timed options', () => {
  it('offers the periods with payout and minimum, and the options balance to pay with', async () => {
    const user = await optionsUser(t, admin, '100');
    const seconds = await call(app, 'GET', 'microtrade/seconds');
    expect(seconds.body.message[0]).toEqual({ seconds: 30, profit_rate: '0.8', min_amount: '10' });
    const coins = await call(app, 'GET', 'microtrade/payable_currencies', {}, auth(user.token));
    expect(coins.body.message).toEqual([
      { currency_id: 3, name: 'USDT', decimals: 4, available: '100.0000' },
    ]);
    await tick(app, now(), '65000.12');
    const info = await call(app, 'GET', 'microtrade/info', {}, auth(user.token));
    expect(info.body.message).toMatchObject({
      kyc_ok: true,
      symbols: [{ symbol: 'BTCUSDT', price: '65000.12', price_time: now(), price_precision: 2 }],
      types: ['call', 'put', 'even'],
    });
  });

  it('settles call, put and even on the last recorded price at or before delivery', async () => {
    const user = await optionsUser(t, admin, '100');
    await tick(app, now() - 400, '65000.00');
    const bought = await buy(app, user.token, 'call');
    expect(bought.status).toBe(200);
    expect(bought.body.message).toEqual({
      id: expect.any(Number),
      open_price: '65000.00',
      open_time: now() - 400,
      settle_time: now() + 30_000,
    });
    expect((await buy(app, user.token, 'put')).status).toBe(200);
    expect((await buy(app, user.token, 'even')).status).toBe(200);
    // The stake is frozen in the options account while the orders run.
    expect((await balances(app, user.token)).options).toEqual({
      available: '70.0000',
      frozen: '30.0000',
    });
    const delivery = bought.body.message.settle_time as number;

    w.clock.advance(20_000);
    await tick(app, now(), '65010.55');
    expect(await app.optionSettlement.runOnce()).toBe(0); // not due yet
    w.clock.advance(10_000); // at delivery
    await tick(app, delivery + 200, '64000.00'); // after delivery: not the closing price
    w.clock.advance(1_000);
    expect(await app.optionSettlement.runOnce()).toBe(3);

    const settled = await lists(user.token, 'settled');
    expect(settled.total).toBe(3);
    const byType = Object.fromEntries(settled.list.map((o: { type: string }) => [o.type, o]));
    expect(byType.call).toMatchObject({
      open_price: '65000.00',
      close_price: '65010.55',
      close_time: delivery - 10_000,
      result: 'win',
      profit: '8.0000',
      number: '10.0000',
      status: 'settled',
    });
    expect(byType.put).toMatchObject({ result: 'lose', profit: '-10.0000' });
    expect(byType.even).toMatchObject({ result: 'lose', profit: '-10.0000' });
    expect((await lists(user.token, 'open')).total).toBe(0);
    // 70 left + 18 paid for the call.
    expect((await balances(app, user.token)).options).toEqual({
      available: '88.0000',
      frozen: '0.0000',
    });
    const detail = await call(
      app,
      'GET',
      'microtrade/detail',
      { id: String(byType.call.id) },
      auth(user.token),
    );
    expect(detail.body.message).toEqual(byType.call);
    expect(await app.optionSettlement.runOnce()).toBe(0);
    await expectBalanced(app, admin);
  });

  it('refunds call and put and pays even when the prices are equal at the precision', async () => {
    const user = await optionsUser(t, admin, '100');
    await tick(app, now(), '65000.00');
    for (const type of ['call', 'put', 'even'] as const)
      expect((await buy(app, user.token, type, '20')).status).toBe(200);
    w.clock.advance(29_000);
    await tick(app, now(), '65000.004'); // more decimals than the pair: equal at 2
    w.clock.advance(2_000);
    await tick(app, now(), '65100.00');
    expect(await app.optionSettlement.runOnce()).toBe(3);
    const settled = (await lists(user.token, 'settled')).list;
    const result = Object.fromEntries(
      settled.map((o: { type: string; result: string; profit: string; close_price: string }) => [
        o.type,
        [o.result, o.profit, o.close_price],
      ]),
    );
    expect(result).toEqual({
      call: ['refund', '0.0000', '65000.00'],
      put: ['refund', '0.0000', '65000.00'],
      even: ['win', '16.0000', '65000.00'],
    });
    // 40 returned + 36 paid for even, on top of the 40 never staked.
    expect((await balances(app, user.token)).options!.available).toBe('116.0000');
    await expectBalanced(app, admin);
  });

  it('waits for the record to pass delivery, then settles a quiet market on its last tick', async () => {
    const user = await optionsUser(t, admin, '50');
    await tick(app, now(), '65000.00');
    await buy(app, user.token, 'put');
    w.clock.advance(5_000);
    await tick(app, now(), '64999.99');
    w.clock.advance(26_000); // delivery passed, but no tick after it yet
    expect(await app.optionSettlement.runOnce()).toBe(0);
    w.clock.advance(10_000); // a quiet market: the grace is over
    expect(await app.optionSettlement.runOnce()).toBe(1);
    const [order] = (await lists(user.token, 'settled')).list;
    expect(order).toMatchObject({ result: 'win', close_price: '64999.99', profit: '8.0000' });
    await expectBalanced(app, admin);
  });

  it('refuses without basic KYC, below the minimum, an unknown period, or more than the balance', async () => {
    await tick(app, now(), '65000.00');
    const noKyc = await optionsUser(t, admin, '100', false);
    const kyc = await buy(app, noKyc.token, 'call');
    expect(kyc.body.code).toBe('KYC_REQUIRED');
    const info = await call(app, 'GET', 'microtrade/info', {}, auth(noKyc.token));
    expect(info.body.message.kyc_ok).toBe(false);

    const user = await optionsUser(t, admin, '15');
    const low = await call(
      app,
      'POST',
      'microtrade/submit',
      { symbol: 'BTCUSDT', type: 'call', seconds: '30', currency_id: '3', number: '9.9999' },
      auth(user.token, { lang: 'zh' }),
    );
    expect(low.body).toMatchObject({ code: 'OPTION_BELOW_MIN', message: '金额低于最小值 10' });
    expect((await buy(app, user.token, 'call', '10', '45')).body.code).toBe(
      'OPTION_PERIOD_INVALID',
    );
    expect((await buy(app, user.token, 'call', '10.00001')).body.code).toBe('AMOUNT_PRECISION');
    expect((await buy(app, user.token, 'call', '16')).body.code).toBe('INSUFFICIENT_BALANCE');
    const bad = await call(
      app,
      'POST',
      'microtrade/submit',
      { symbol: 'XAUUSD', type: 'up', seconds: '30', currency_id: '3', number: '10' },
      auth(user.token),
    );
    expect(bad.body.code).toBe('OPTION_TYPE_INVALID');
    // Nothing was bought, nothing moved.
    expect((await lists(user.token, 'open')).total).toBe(0);
    expect((await balances(app, user.token)).options!.available).toBe('15.0000');
    const visitor = await call(app, 'POST', 'microtrade/submit', {});
    expect(visitor.status).toBe(401);
  });

  it('publishes the order as stored; a console edit of a period applies to the next order', async () => {
    await tick(app, now(), '65000.00');
    const user = await optionsUser(t, admin, '100');
    const published = vi.spyOn(app.hub, 'publishToUser');
    const bought = await buy(app, user.token, 'put', '12.5', '60');
    expect(bought.status).toBe(200);
    const { id } = bought.body.message as { id: number };
    const stored = await call(
      app,
      'GET',
      'microtrade/detail',
      { id: String(id) },
      auth(user.token),
    );
    expect(published).toHaveBeenCalledWith(user.id, 'options', stored.body.message);
    expect(stored.body.message).toMatchObject({ status: 'open', number: '12.5000', seconds: 60 });

    const period = async (body: object) =>
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/config/option-periods/60',
          headers: { ...auth(admin), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).statusCode;
    const terms = { profit_rate: '0.82', min_amount: '10', sort: 1 };
    expect(await period({ ...terms, enabled: false })).toBe(200);
    expect((await buy(app, user.token, 'put', '10', '60')).body.code).toBe('OPTION_PERIOD_INVALID');
    const seconds = (await call(app, 'GET', 'microtrade/seconds')).body.message as object[];
    expect(seconds.map((p) => (p as { seconds: number }).seconds)).not.toContain(60);
    expect(await period({ ...terms, min_amount: '20', enabled: true })).toBe(200);
    expect((await buy(app, user.token, 'put', '10', '60')).body.code).toBe('OPTION_BELOW_MIN');
    expect((await buy(app, user.token, 'put', '20', '60')).status).toBe(200);
    published.mockRestore();
    await expectBalanced(app, admin);
  });

  it('refuses a stale opening price: the market must be recording', async () => {
    const user = await optionsUser(t, admin, '100');
    await tick(app, now() - 61_000, '65000.00');
    expect((await buy(app, user.token, 'call')).body.code).toBe('PRICE_UNAVAILABLE');
    const other = await seedUser(t, { kyc: true });
    const none = await call(
      app,
      'POST',
      'microtrade/submit',
      { symbol: 'ETHUSDT', type: 'call', seconds: '30', currency_id: '3', number: '10' },
      auth(other.token),
    );
    expect(none.body.code).toBe('OPTION_SYMBOL_INVALID');
  });

  it('settles once across a restart between purchase and delivery', async () => {
    const user = await optionsUser(t, admin, '100');
    await tick(app, now(), '65000.00');
    const bought = await buy(app, user.token, 'call', '50');
    expect(bought.status).toBe(200);
    w.clock.advance(15_000);
    await tick(app, now(), '65123.45');
    await app.close(); // the server stops before delivery

    w.clock.advance(20_000);
    const next = await w.server();
    await tick(next, now(), '65200.00');
    expect(await next.optionSettlement.runOnce()).toBe(1);
    expect(await next.optionSettlement.runOnce()).toBe(0);
    const [order] = (
      await call(next, 'GET', 'microtrade/lists', { status: 'settled' }, auth(user.token))
    ).body.message.list;
    expect(order).toMatchObject({ close_price: '65123.45', result: 'win', profit: '40.0000' });
    expect(await settlements()).toHaveLength(1);
    expect((await balances(next, user.token)).options!.available).toBe('140.0000');
    await expectBalanced(next, admin);
  });

  it('two settlement workers never settle an order twice', async () => {
    const users = [];
    for (let i = 0; i < 3; i += 1) users.push(await optionsUser(t, admin, '100'));
    await tick(app, now(), '65000.00');
    for (const user of users)
      for (const type of ['call', 'put', 'even', 'call'] as const)
        expect((await buy(app, user.token, type)).status).toBe(200);
    const other = await w.server(); // a second process on the same database
    w.clock.advance(29_000);
    await tick(app, now(), '65000.50');
    w.clock.advance(15_000); // past the grace too, so both workers see the orders as due
    const runs = await Promise.all([
      app.optionSettlement.runOnce(),
      other.optionSettlement.runOnce(),
      app.optionSettlement.runOnce(),
      other.optionSettlement.runOnce(),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await settlements()).toHaveLength(12);
    const rows = await w.db.db.select().from(optionOrders);
    expect(rows.every((r) => r.status === 'settled')).toBe(true);
    for (const user of users) {
      // Two calls won (2 × 18), put and even lost: 60 staked elsewhere + 36.
      expect((await balances(app, user.token)).options).toEqual({
        available: '96.0000',
        frozen: '0.0000',
      });
    }
    await expectBalanced(app, admin);
  });
});
