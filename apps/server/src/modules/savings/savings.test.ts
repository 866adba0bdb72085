import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  fundedUser,
  moneyApp,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { DAY_MS, HOUR_MS } from './terms.ts';

let t: MoneyApp;
const USDT = 3;
const TIERS = [
  { up_to: '1000', annual_rate: '0.1' },
  { up_to: null, annual_rate: '0.05' },
];

async function setTerms(changes: object = {}) {
  const admin = await adminToken(t);
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/config/savings-products/${USDT}`,
    headers: { ...auth(admin), 'content-type': 'application/json' },
    payload: JSON.stringify({
      enabled: true,
      min_amount: '1',
      redeem_quota: '100',
      tiers: TIERS,
      ...changes,
    }),
  });
  return response;
}

beforeAll(async () => {
  t = await moneyApp();
  // Start at a UTC midnight, so the first day is a whole one.
  const now = t.clock.now().getTime();
  t.clock.advance(Math.ceil(now / DAY_MS) * DAY_MS - now);
  const terms = await setTerms();
  expect(terms.statusCode, terms.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

const overview = async (user: TestUser) =>
  (await call(t.app, 'GET', 'savings', {}, auth(user.token))).body.message;
const post = (user: TestUser, path: string, fields: Record<string, string>) =>
  call(t.app, 'POST', `savings/${path}`, fields, auth(user.token));
const amount = (n: string) => ({ currency_id: String(USDT), amount: n });
const balanced = async () => expectBalanced(t.app, await adminToken(t));

/** The formula: each hour earns floor18(tiered yearly interest / 8760); each day's sum is paid
 * floored to USDT's 4 decimals, the rest carried, and the next day earns on the new balance. */
function expected(principal: string, days: number) {
  let balance = new Decimal(principal);
  let carry = new Decimal(0);
  const paid: string[] = [];
  for (let day = 0; day < days; day++) {
    const low = Decimal.min(balance, 1000).times('0.1');
    const high = Decimal.max(balance.minus(1000), 0).times('0.05');
    const hourly = low.plus(high).div(8760).toDecimalPlaces(18, Decimal.ROUND_DOWN);
    const accrued = carry.plus(hourly.times(24));
    const pay = accrued.toDecimalPlaces(4, Decimal.ROUND_DOWN);
    carry = accrued.minus(pay);
    balance = balance.plus(pay);
    paid.push(pay.toFixed(4));
  }
  return { balance: balance.toFixed(4), paid };
}

describe('flexible savings', () => {
  it('pays 30 days of hourly interest exactly as the formula, once per hour however often the job runs', async () => {
    const admin = await adminToken(t);
    const user = await fundedUser(t, admin, '2000');
    expect((await post(user, 'subscribe', amount('1500'))).status).toBe(200);
    expect(await balances(t.app, user.token)).toMatchObject({
      currency: { available: '500.0000' },
    });
    // Uneven steps, two runs at once each time (two processes): every hour still counts once.
    const end = t.clock.now().getTime() + 30 * DAY_MS;
    while (t.clock.now().getTime() < end) {
      t.clock.advance(Math.min(11 * HOUR_MS + 13 * 60_000, end - t.clock.now().getTime()));
      const now = t.clock.now();
      await Promise.all([t.app.savings.runOnce(now), t.app.savings.runOnce(now)]);
      // The user looks midway (sessions end after 30 days unused).
      if (end - now.getTime() < 15 * DAY_MS && end - now.getTime() > 14 * DAY_MS)
        expect((await overview(user)).history.length).toBeGreaterThan(14);
    }
    const want = expected('1500', 30);
    const seen = await overview(user);
    expect(seen.history.map((h: { amount: string }) => h.amount).reverse()).toEqual(want.paid);
    expect(seen.holdings[0]).toMatchObject({ amount: want.balance, redeeming: '0.0000' });
    const list = (await call(t.app, 'POST', 'wallet/list', {}, auth(user.token))).body.message;
    expect(list.savings.find((c: { currency_id: number }) => c.currency_id === USDT)).toMatchObject(
      { available: want.balance },
    );
    await balanced();
  }, 60_000);

  it("redeems at once within the day's quota, over it at the next UTC day; auto-subscribes idle coins", async () => {
    const admin = await adminToken(t);
    const user = await fundedUser(t, admin, '300');
    expect((await post(user, 'subscribe', amount('0.5'))).body.code).toBe('SAVINGS_BELOW_MIN');
    expect((await post(user, 'subscribe', amount('301'))).body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await post(user, 'subscribe', amount('300'))).status).toBe(200);
    const instant = await post(user, 'redeem', amount('80'));
    expect(instant.body.message).toMatchObject({ instant: true, amount: '80.0000' });
    const later = await post(user, 'redeem', amount('50'));
    expect(later.body.message).toMatchObject({ instant: false });
    const usdt = (await overview(user)).products.find(
      (p: { currency_id: number }) => p.currency_id === USDT,
    );
    expect(usdt).toMatchObject({ redeem_left_today: '20.0000' });
    expect(await balances(t.app, user.token)).toMatchObject({
      currency: { available: '80.0000' },
    });
    expect((await overview(user)).holdings[0]).toMatchObject({
      amount: '170.0000',
      redeeming: '50.0000',
    });
    t.clock.advance(later.body.message.available_at - t.clock.now().getTime());
    await t.app.savings.runOnce();
    expect(await balances(t.app, user.token)).toMatchObject({
      currency: { available: '130.0000' },
    });
    expect((await post(user, 'auto', { currency_id: String(USDT), enabled: 'true' })).status).toBe(
      200,
    );
    await t.app.savings.runOnce();
    expect(await balances(t.app, user.token)).toMatchObject({ currency: { available: '0.0000' } });
    expect((await overview(user)).holdings[0].amount).toMatch(/^300\./);
    await balanced();
  });

  it('refuses tiers out of order and closed coins', async () => {
    const bad = await setTerms({ tiers: [{ up_to: null, annual_rate: '0.1' }, TIERS[0]] });
    expect(bad.json().code).toBe('CONFIG_SAVINGS_TIERS');
    expect((await setTerms({ tiers: [{ up_to: null, annual_rate: '2' }] })).json().code).toBe(
      'CONFIG_ANNUAL_RATE_RANGE',
    );
    expect((await setTerms({ enabled: false })).statusCode).toBe(200);
    const user = await fundedUser(t, await adminToken(t), '10');
    expect((await post(user, 'subscribe', amount('5'))).body.code).toBe('SAVINGS_PRODUCT_INVALID');
    expect((await setTerms()).statusCode).toBe(200);
  });
});
