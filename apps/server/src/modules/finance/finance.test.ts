import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { financeInterest, financeProducts } from '@hx/db';
import { buildApp } from '../../app.ts';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  seedUser,
  TEST_PRICES,
  type MoneyApp,
  type TestUser,
  fundedUser,
} from '../wallet/test-kit.ts';
import { DAY_MS } from './terms.ts';

let t: MoneyApp;
let products: { id: number; name: string; days: number; daily_rate: string }[];
beforeAll(async () => {
  t = await moneyApp();
  products = (await call(t.app, 'GET', 'lh/deposit/product_info')).body.message;
});
afterAll(() => t.close());

const product = (name: string) => products.find((p) => p.name === name)!;

/** Operator sessions last 12 hours and these tests move days: a fresh login each time. */
const balanced = async (on = t) => expectBalanced(on.app, await adminToken(on));

/** A user with `amount` USDT deposited and moved to the trust account. */
async function investor(t: MoneyApp, amount: string): Promise<TestUser> {
  return fundedUser(t, await adminToken(t), amount, { to: 'trust' });
}

const buy = (t: MoneyApp, user: TestUser, productId: number, amount: string, agree = '1') =>
  call(
    t.app,
    'POST',
    'lh/deposit',
    { product_id: String(productId), amount, agree },
    auth(user.token),
  );

const orders = async (user: TestUser, status: string) =>
  (await call(t.app, 'GET', 'lh/deposit/order', { status }, auth(user.token))).body.message;

const redeem = (user: TestUser, id: number) =>
  call(t.app, 'POST', 'lh/deposit/order/cancel', { id: String(id) }, auth(user.token));

const interestRows = async (t: MoneyApp, orderId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(financeInterest)
      .where(eq(financeInterest.orderId, orderId))
  )[0]!.n;

describe('products and rules', () => {
  it('lists the seeded products with the contract fields', () => {
    expect(products.map((p) => p.name)).toEqual(
      expect.arrayContaining(['USDT 7-day', 'USDT 15-day', 'USDT 30-day', 'USDT 90-day']),
    );
    expect(product('USDT 15-day')).toMatchObject({
      currency_id: 3,
      days: 15,
      min_amount: '500.0000',
      daily_rate: '0.004',
      penalty_rate: '0.006',
      total_rate: '0.06',
    });
  });

  it("works the spec's examples with the real formulas", async () => {
    const { body } = await call(t.app, 'GET', 'lh/deposit/config');
    expect(body.message.interest_example).toMatchObject({ amount: '10000', daily: '40' });
    expect(body.message.penalty_example).toMatchObject({
      amount: '1000',
      penalty_rate: '0.004',
      days_left: 3,
      penalty: '12',
    });
  });
});

describe('buying', () => {
  it('a console edit of a product applies to the next buy: disabled it refuses, its new minimum holds', async () => {
    const user = await investor(t, '1200');
    const admin = await adminToken(t);
    const id = product('USDT 15-day').id;
    const listed = await call(t.app, 'GET', 'admin/config/finance-products', {}, auth(admin));
    const terms = listed.body.message.find((p: { id: number }) => p.id === id);
    const edit = async (changes: object) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/config/finance-products/${id}`,
          headers: { ...auth(admin), 'content-type': 'application/json' },
          payload: JSON.stringify({ ...terms, id: undefined, ...changes }),
        })
      ).statusCode;
    expect((await buy(t, user, id, '500')).status).toBe(200); // the products are now kept
    expect(await edit({ enabled: false })).toBe(200);
    expect((await buy(t, user, id, '500')).body.code).toBe('FINANCE_PRODUCT_INVALID');
    expect(await edit({ min_amount: '600' })).toBe(200);
    expect((await buy(t, user, id, '500')).body.code).toBe('FINANCE_BELOW_MIN');
    expect((await buy(t, user, id, '600')).status).toBe(200);
    expect(await edit({})).toBe(200);
    expect((await orders(user, 'custody')).total).toBe(2);
    await balanced();
  });

  it('needs the agreement, the minimum and enough in the trust account', async () => {
    const user = await investor(t, '600');
    const id = product('USDT 15-day').id;
    expect((await buy(t, user, id, '500', '0')).body.code).toBe('FINANCE_AGREEMENT_REQUIRED');
    const low = await buy(t, user, id, '499');
    expect(low.body.code).toBe('FINANCE_BELOW_MIN');
    expect(low.body.message).toBe('The minimum amount is 500 USDT');
    expect((await buy(t, user, id, '700')).body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await buy(t, user, 999_999, '500')).body.code).toBe('FINANCE_PRODUCT_INVALID');
    expect((await orders(user, 'custody')).total).toBe(0);
    const bought = await buy(t, user, id, '500');
    expect(bought.status).toBe(200);
    expect(bought.body.message).toMatchObject({
      amount: '500.0000',
      daily_rate: '0.004',
      days: 15,
      status: 'custody',
      daily_income: '2.0000',
      expected_total: '30.0000',
    });
    expect((await balances(t.app, user.token)).trust).toEqual({
      available: '100.0000',
      frozen: '500.0000',
    });
    await balanced();
  });
});

describe('interest', () => {
  it('pays a 15-day product 15 times, once a day, then returns the principal', async () => {
    const user = await investor(t, '1000');
    const order = (await buy(t, user, product('USDT 15-day').id, '1000')).body.message;
    for (let day = 1; day <= 15; day++) {
      t.clock.advance(DAY_MS / 2);
      await t.app.finance.runOnce();
      expect(await interestRows(t, order.id)).toBe(day - 1);
      t.clock.advance(DAY_MS / 2);
      await t.app.finance.runOnce();
      // A repeat the same moment pays nothing more.
      await t.app.finance.runOnce();
      expect(await interestRows(t, order.id)).toBe(day);
      const trust = (await balances(t.app, user.token)).trust!;
      if (day < 15) {
        expect(trust.available).toBe((day * 4).toFixed(4));
        expect(trust.frozen).toBe('1000.0000');
        const [live] = (await orders(user, 'custody')).list;
        expect(live).toMatchObject({ earned: (day * 4).toFixed(4), days_left: 15 - day });
      }
      await balanced();
    }
    expect((await balances(t.app, user.token)).trust).toEqual({
      available: '1060.0000',
      frozen: '0.0000',
    });
    const done = await orders(user, 'completed');
    expect(done.list[0]).toMatchObject({
      id: order.id,
      earned: '60.0000',
      returned: '1000.0000',
      days_left: 0,
      status: 'completed',
    });
    expect((await orders(user, 'custody')).total).toBe(0);
    // Nothing more after maturity.
    t.clock.advance(3 * DAY_MS);
    await t.app.finance.runOnce();
    expect(await interestRows(t, order.id)).toBe(15);
    await balanced();
  });

  it('catches up every missed day after downtime', async () => {
    const user = await investor(t, '700');
    const order = (await buy(t, user, product('USDT 7-day').id, '700')).body.message;
    t.clock.advance(10 * DAY_MS);
    const run = await t.app.finance.runOnce();
    expect(run.paid).toBeGreaterThanOrEqual(7);
    expect(await interestRows(t, order.id)).toBe(7);
    // 0.3% of 700 is 2.1 a day.
    expect((await balances(t.app, user.token)).trust).toEqual({
      available: '714.7000',
      frozen: '0.0000',
    });
    await balanced();
  });

  it('reports invested, earned today and earned in all', async () => {
    const user = await investor(t, '2000');
    await buy(t, user, product('USDT 15-day').id, '1000');
    await buy(t, user, product('USDT 30-day').id, '1000');
    t.clock.advance(2 * DAY_MS);
    await t.app.finance.runOnce();
    const { body } = await call(t.app, 'GET', 'lh/deposit/report', {}, auth(user.token));
    expect(body.message).toMatchObject({
      invested: '2000.0000',
      earned_total: '18.0000',
      orders_in_custody: 2,
    });
    // Day 2 ended "now": its 4 + 5 are today's.
    expect(body.message.earned_today).toBe('9.0000');
    expect(body.message.coins[0]).toMatchObject({ currency_id: 3, invested: '2000.0000' });
  });
});

describe('early redemption', () => {
  it("costs ratio × remaining days × principal: the spec's 0.4%, 3 days, 1000 gives 12", async () => {
    const [row] = await t.db
      .insert(financeProducts)
      .values({
        code: 'test-3',
        name: 'Test 3-day',
        coinId: 3,
        days: 3,
        minAmount: '100',
        dailyRate: '0.002',
        penaltyRate: '0.004',
      })
      .returning();
    const user = await investor(t, '1000');
    const order = (await buy(t, user, row!.id, '1000')).body.message;
    const [live] = (await orders(user, 'custody')).list;
    expect(live).toMatchObject({ days_left: 3, penalty_if_redeemed: '12.0000' });
    const { status, body } = await redeem(user, order.id);
    expect(status).toBe(200);
    expect(body.message).toEqual({
      id: order.id,
      principal: '1000.0000',
      penalty: '12.0000',
      returned: '988.0000',
    });
    expect((await balances(t.app, user.token)).trust).toEqual({
      available: '988.0000',
      frozen: '0.0000',
    });
    expect((await orders(user, 'redeemed')).list[0]).toMatchObject({
      penalty: '12.0000',
      returned: '988.0000',
      status: 'redeemed',
    });
    expect((await redeem(user, order.id)).body.code).toBe('FINANCE_ORDER_CLOSED');
    await balanced();
  });

  it('keeps the interest already paid; the ratio defaults to 1.5 × the daily rate', async () => {
    const user = await investor(t, '1000');
    const order = (await buy(t, user, product('USDT 15-day').id, '1000')).body.message;
    t.clock.advance(5 * DAY_MS + 1000);
    await t.app.finance.runOnce();
    // 0.6% × 10 days left × 1000.
    const { body } = await redeem(user, order.id);
    expect(body.message).toMatchObject({ penalty: '60.0000', returned: '940.0000' });
    expect((await balances(t.app, user.token)).trust).toEqual({
      available: '960.0000',
      frozen: '0.0000',
    });
    expect((await redeem(user, order.id)).body.code).toBe('FINANCE_ORDER_CLOSED');
    await balanced();
  });

  it("pays the days already due before redeeming, and nobody redeems another's order", async () => {
    const user = await investor(t, '1000');
    const order = (await buy(t, user, product('USDT 15-day').id, '1000')).body.message;
    const other = await seedUser(t);
    expect((await redeem(other, order.id)).body.code).toBe('ORDER_NOT_FOUND');
    t.clock.advance(2 * DAY_MS + 1000);
    // The job has not run: redeeming pays days 1 and 2 first.
    const { body } = await redeem(user, order.id);
    expect(body.message).toMatchObject({ penalty: '78.0000', returned: '922.0000' });
    expect(await interestRows(t, order.id)).toBe(2);
    expect((await balances(t.app, user.token)).trust!.available).toBe('930.0000');
    await balanced();
  });
});

describe('exactly once', () => {
  it('pays each day once across a restart and with two processes at once', async () => {
    const t2 = await moneyApp();
    const user = await investor(t2, '1000');
    const [p] = (await call(t2.app, 'GET', 'lh/deposit/product_info')).body.message.filter(
      (x: { name: string }) => x.name === 'USDT 15-day',
    );
    const order = (await buy(t2, user, p.id, '1000')).body.message;
    const second = () =>
      buildApp({
        config: t2.config,
        database: { db: t2.db, kind: 'pglite', close: async () => {} },
        clock: t2.clock,
        prices: TEST_PRICES,
        market: { symbols: ['BTCUSDT'] },
      });

    t2.clock.advance(DAY_MS);
    await t2.app.finance.runOnce();
    expect(await interestRows(t2, order.id)).toBe(1);
    // A restart: a new process on the same database at the same moment pays nothing again.
    const restarted = await second();
    expect((await restarted.finance.runOnce()).paid).toBe(0);
    await restarted.close();

    // Two processes run together after three more days: each day is paid once.
    const twin = await second();
    t2.clock.advance(3 * DAY_MS);
    const runs = await Promise.all([t2.app.finance.runOnce(), twin.finance.runOnce()]);
    expect(runs[0].paid + runs[1].paid).toBe(3);
    expect(await interestRows(t2, order.id)).toBe(4);
    await twin.close();
    expect((await balances(t2.app, user.token)).trust).toEqual({
      available: '16.0000',
      frozen: '1000.0000',
    });
    await balanced(t2);
    await t2.close();
  });
});
