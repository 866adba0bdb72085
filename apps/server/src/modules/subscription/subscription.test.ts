import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coins, subscriptionProjects } from '@hx/db';
import { call } from '../../test/harness.ts';
import type { PriceBook } from '../wallet/prices.ts';
import {
  adminToken,
  auth,
  balances,
  deposit,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { DEMO_ADMIN } from '../../seed.ts';
import { DAY_MS } from './service.ts';
import { seedDemoProjects } from './seed.ts';

let t: MoneyApp;
/** Operator sessions last 12 hours and the tests move the clock by days: log in when needed. */
const admin = () => adminToken(t);
/** What the market has recorded: BTC always, a project's token only once a test lists it. */
const recorded = new Map<string, string>([['BTCUSDT', '65000.5']]);
const prices: PriceBook = {
  last: (symbol) => {
    const price = recorded.get(symbol);
    return price ? { price, time: Date.now() } : null;
  },
};

beforeAll(async () => {
  t = await moneyApp();
  t.app.prices = prices;
});
afterAll(() => t.close());

let nextCoin = 200;
/** A project written to the database: its token coin and its times relative to the clock. */
async function project(options: {
  price: string;
  supply: string;
  payCoins?: number[];
  minTokens?: string;
  lockDays?: number;
  startIn?: number;
  closeIn?: number;
  launchIn?: number;
}) {
  const coinId = nextCoin++;
  const name = `TK${coinId}`;
  await t.db.insert(coins).values({ id: coinId, name, fullName: `Token ${coinId}`, decimals: 4 });
  const now = t.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms);
  const [row] = await t.db
    .insert(subscriptionProjects)
    .values({
      coinId,
      issuePrice: options.price,
      payCoins: options.payCoins ?? [3, 1],
      supply: options.supply,
      minTokens: options.minTokens ?? '0',
      lockDays: options.lockDays ?? 10,
      startAt: at(options.startIn ?? -DAY_MS),
      closeAt: at(options.closeIn ?? DAY_MS),
      launchAt: at(options.launchIn ?? 2 * DAY_MS),
      introduction: { en: `About ${name}`, zh: `关于 ${name}` },
    })
    .returning({ id: subscriptionProjects.id });
  return { id: row!.id, coinId, name };
}

const subscribe = (user: TestUser, fields: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', 'lh/send/order', fields, auth(user.token, { lang }));

async function records(user: TestUser) {
  const { status, body } = await call(t.app, 'GET', 'lh/send/order_list', {}, auth(user.token));
  expect(status).toBe(200);
  return body.message.list;
}

async function funded(amount: string) {
  const user = await seedUser(t);
  await deposit(t.app, user, await admin(), amount);
  return user;
}

const runJob = () => t.app.subscription.runOnce(t.clock.now());

describe('pro-rata allocation at close', () => {
  it('shares the supply in proportion, refunds the rest, and never allocates twice', async () => {
    const p = await project({ price: '0.5', supply: '1000' });
    const a = await funded('1000');
    const b = await funded('500');
    const first = await subscribe(a, {
      product_id: String(p.id),
      currency_id: '3',
      number: '1000',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ status: 'review', tokens: '2000.0000' });
    expect(
      (await subscribe(b, { product_id: String(p.id), currency_id: '3', number: '500' })).status,
    ).toBe(200);

    // Frozen while under review; the project shows 3000 of 1000 asked for.
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '0.0000',
      frozen: '1000.0000',
    });
    const [pending] = await records(a);
    expect(pending).toMatchObject({ status: 'review', number: '1000.0000', allocated: null });
    const info = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(info.body.message).toMatchObject({
      subscribed: '3000',
      progress: '1.0000',
      state: 'subscribing',
    });
    await expectBalanced(t.app, await admin());

    // Nothing is due before the close.
    expect(await runJob()).toMatchObject({ allocated: 0 });
    t.clock.advance(DAY_MS + 1);
    const [once, twice] = await Promise.all([runJob(), runJob()]);
    expect(once.allocated + twice.allocated).toBe(1);
    expect(await runJob()).toEqual({ allocated: 0, released: 0 });

    // A asked for 2000 of 3000 tokens: gets a third, pays for it, the rest comes back.
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '666.6667',
      frozen: '0.0000',
    });
    expect((await balances(t.app, a.token, p.coinId)).currency).toEqual({
      available: '0.0000',
      frozen: '666.6666',
    });
    const [passed] = await records(a);
    expect(passed).toMatchObject({
      status: 'passed',
      allocated: '666.6666',
      paid: '333.3333',
      refund: '666.6667',
      locked: true,
    });
    // B's 166.66665 is rounded up to the coin's decimals: what the tokens cost, no more.
    expect(await records(b)).toMatchObject([
      { allocated: '333.3333', paid: '166.6667', refund: '333.3333' },
    ]);
    expect((await balances(t.app, b.token)).currency?.available).toBe('333.3333');
    const closed = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(closed.body.message).toMatchObject({ state: 'sold_out' });
    expect(closed.body.message.fill_ratio).toMatch(/^0\.3333/);
    await expectBalanced(t.app, await admin());
  });
});

describe('lock-up', () => {
  it('keeps the tokens frozen until the lock-up ends, then releases them once', async () => {
    const p = await project({ price: '0.5', supply: '1000000', lockDays: 10 });
    const user = await funded('150');
    const ok = await subscribe(user, { product_id: String(p.id), currency_id: '3', number: '100' });
    expect(ok.body.message.tokens).toBe('200.0000');

    t.clock.advance(DAY_MS + 1); // closed: allocated in full
    await runJob();
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '50.0000',
      frozen: '0.0000',
    });
    expect((await balances(t.app, user.token, p.coinId)).currency).toEqual({
      available: '0.0000',
      frozen: '200.0000',
    });
    const [passed] = await records(user);
    expect(passed).toMatchObject({
      status: 'passed',
      allocated: '200.0000',
      refund: '0.0000',
      locked: true,
    });
    // Before launch the return is counted at the issue price.
    expect(passed).toMatchObject({
      price: '0.5',
      accumulated_return: '0.0000',
      return_rate: '0.0000',
    });
    await expectBalanced(t.app, await admin());

    // Launched (one day later) with a market: returns follow the recorded price.
    t.clock.advance(DAY_MS);
    recorded.set(`${p.name}USDT`, '0.75');
    expect((await records(user))[0]).toMatchObject({
      price: '0.75',
      accumulated_return: '50.0000',
      return_rate: '0.5000',
    });
    const launched = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(launched.body.message).toMatchObject({ state: 'launched', price: '0.75' });

    // Lock-up: 10 days from launch.
    t.clock.advance(10 * DAY_MS - 60_000);
    await runJob(); // (releases what earlier tests allocated, not this one yet)
    expect((await balances(t.app, user.token, p.coinId)).currency?.frozen).toBe('200.0000');
    t.clock.advance(60_000);
    expect(await runJob()).toMatchObject({ released: 1 });
    expect(await runJob()).toEqual({ allocated: 0, released: 0 });
    expect((await balances(t.app, user.token, p.coinId)).currency).toEqual({
      available: '200.0000',
      frozen: '0.0000',
    });
    expect((await records(user))[0]).toMatchObject({ locked: false });
    await expectBalanced(t.app, await admin());
  });

  it('pays in BTC at the recorded price, stored on the subscription', async () => {
    const p = await project({ price: '0.5', supply: '1000000' });
    const user = await seedUser(t);
    await deposit(t.app, user, await admin(), '0.01', { id: 1, network: 'OMNI' });
    const res = await subscribe(user, {
      product_id: String(p.id),
      currency_id: '1',
      number: '0.01',
    });
    expect(res.status).toBe(200);
    // 0.01 BTC × 65000.5 USDT ÷ 0.5 USDT per token.
    expect(res.body.message).toMatchObject({ tokens: '1300.0100', rate: '65000.5' });
    t.clock.advance(DAY_MS + 1);
    await runJob();
    expect((await records(user))[0]).toMatchObject({
      status: 'passed',
      allocated: '1300.0100',
      paid: '0.01000000',
      refund: '0.00000000',
    });
    await expectBalanced(t.app, await admin());
  });
});

describe('subscribing is refused with a reason', () => {
  it('checks the time, the payment currency, the minimum and the balance', async () => {
    const p = await project({
      price: '0.5',
      supply: '1000',
      minTokens: '100',
      startIn: DAY_MS,
      closeIn: 2 * DAY_MS,
      launchIn: 3 * DAY_MS,
    });
    const user = await funded('40');
    const form = (fields: Record<string, string>) => ({
      product_id: String(p.id),
      currency_id: '3',
      number: '10',
      ...fields,
    });
    expect((await subscribe(user, form({}))).body.code).toBe('PROJECT_NOT_STARTED');
    t.clock.advance(DAY_MS + 1);
    expect((await subscribe(user, form({ currency_id: '2' }))).body.code).toBe(
      'PROJECT_CURRENCY_INVALID',
    );
    const low = await subscribe(user, form({ number: '49' }), 'zh');
    expect(low.body).toMatchObject({
      code: 'PROJECT_BELOW_MIN',
      message: '最低申购数量为 50 USDT',
    });
    expect((await subscribe(user, form({ number: '60' }))).body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await subscribe(user, form({ number: '' }))).body.code).toBe('AMOUNT_REQUIRED');
    expect((await subscribe(user, form({ product_id: '999999' }))).status).toBe(404);
    expect((await subscribe(user, form({ number: '0.00001' }))).body.code).toBe('AMOUNT_PRECISION');
    t.clock.advance(DAY_MS);
    expect((await subscribe(user, form({ number: '50' }))).body.code).toBe('PROJECT_CLOSED');
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '40.0000',
      frozen: '0.0000',
    });
    const anonymous = await call(t.app, 'POST', 'lh/send/order', form({}));
    expect(anonymous.status).toBe(401);
  });
});

describe('an operator passes or rejects a subscription before the allocation', () => {
  const decide = async (id: number, verb: 'pass' | 'reject', reason?: string, token?: string) =>
    call(
      t.app,
      'POST',
      `admin/subscriptions/${id}/${verb}`,
      reason === undefined ? {} : { reason },
      auth(token ?? (await admin())),
    );

  it('a rejection returns the payment at once and the allocation leaves it out', async () => {
    const p = await project({ price: '0.5', supply: '1000' });
    const a = await funded('1000');
    const b = await funded('300');
    const c = await funded('200');
    const ids: Record<string, number> = {};
    for (const [name, user, number] of [
      ['a', a, '1000'],
      ['b', b, '300'],
      ['c', c, '200'],
    ] as const) {
      const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number });
      expect(res.status).toBe(200);
      ids[name] = res.body.message.id;
    }
    // 3000 tokens asked for 1000: oversubscribed while A is in.
    const asked = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(asked.body.message.subscribed).toBe('3000');

    // A reason is required; a support operator may not decide.
    expect((await decide(ids.a!, 'reject')).body.code).toBe('REASON_REQUIRED');
    expect((await decide(ids.a!, 'reject', 'x', await adminToken(t, 'support'))).status).toBe(403);
    expect((await decide(999_999, 'pass')).status).toBe(404);

    // A reviewer rejects A: the user is told (socket), the payment is available again.
    const spy = vi.spyOn(t.app.hub, 'publishToUser');
    const rejected = await decide(
      ids.a!,
      'reject',
      'The account is under investigation',
      await adminToken(t, 'reviewer'),
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toMatchObject({
      id: ids.a,
      status: 'rejected',
      reason: 'The account is under investigation',
      decidable: false,
    });
    expect(spy).toHaveBeenCalledWith(a.id, 'balances', {});
    spy.mockRestore();
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '1000.0000',
      frozen: '0.0000',
    });
    expect((await records(a))[0]).toMatchObject({
      status: 'rejected',
      reason: 'The account is under investigation',
      allocated: null,
      reviewed_at: t.clock.now().getTime(),
    });
    const only = await call(
      t.app,
      'GET',
      'lh/send/order_list',
      { status: 'rejected' },
      auth(a.token),
    );
    expect(only.body.message.list.map((r: { id: number }) => r.id)).toEqual([ids.a]);
    const after = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(after.body.message.subscribed).toBe('1000');
    await expectBalanced(t.app, await admin());

    // C is passed: recorded, still under review for the user until the allocation.
    const waiting = async () =>
      (await call(t.app, 'GET', 'admin/dashboard', {}, auth(await admin()))).body.message.queues
        .subscriptions as number;
    const before = await waiting();
    const passed = await decide(ids.c!, 'pass');
    expect(passed.body.message).toMatchObject({
      status: 'review',
      reason: null,
      reviewed_by: expect.any(Number),
      reviewer: DEMO_ADMIN.email,
      reviewed_at: t.clock.now().getTime(),
      decidable: false,
    });
    // Passed, it no longer waits for a reviewer: the dashboard's queue leaves it out.
    expect(await waiting()).toBe(before - 1);
    expect((await records(c))[0]).toMatchObject({ status: 'review', reason: null });

    // Decided once: neither may be decided again.
    expect((await decide(ids.a!, 'pass')).body.code).toBe('ALREADY_DECIDED');
    expect((await decide(ids.c!, 'reject', 'changed my mind')).body.code).toBe('ALREADY_DECIDED');

    // Both decisions are in the audit log with the reason and the row before and after.
    const audit = await call(
      t.app,
      'GET',
      'admin/audit/search',
      { action: 'subscription.', target_type: 'subscription' },
      auth(await admin()),
    );
    const entries = audit.body.message.list.filter(
      (e: { target: string }) =>
        e.target === `subscription:${ids.a}` || e.target === `subscription:${ids.c}`,
    );
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'subscription.pass',
      'subscription.reject',
    ]);
    const reject = entries.find((e: { action: string }) => e.action === 'subscription.reject');
    expect(reject.reason).toBe('The account is under investigation');
    expect(JSON.parse(reject.before)).toMatchObject({ status: 'review', reason: null });
    expect(JSON.parse(reject.after)).toMatchObject({
      status: 'rejected',
      reason: 'The account is under investigation',
    });

    // The allocation: without A, B and C asked for exactly the supply and get all of it.
    t.clock.advance(DAY_MS + 1);
    await runJob();
    expect(await records(b)).toMatchObject([
      { status: 'passed', allocated: '600.0000', paid: '300.0000', refund: '0.0000' },
    ]);
    expect(await records(c)).toMatchObject([
      { status: 'passed', allocated: '400.0000', paid: '200.0000', refund: '0.0000' },
    ]);
    expect(await records(a)).toMatchObject([{ status: 'rejected', allocated: null, paid: null }]);
    expect((await balances(t.app, a.token)).currency).toEqual({
      available: '1000.0000',
      frozen: '0.0000',
    });
    expect((await balances(t.app, a.token, p.coinId)).currency).toEqual({
      available: '0.0000',
      frozen: '0.0000',
    });
    const closed = await call(t.app, 'GET', 'lh/send/product_info', { id: String(p.id) });
    expect(closed.body.message.fill_ratio).toBe('1');

    // After the allocation nothing can be decided any more.
    expect((await decide(ids.b!, 'reject', 'too late')).body.code).toBe('ALREADY_DECIDED');
    const queue = await call(
      t.app,
      'GET',
      'admin/subscriptions',
      { status: 'all', project_id: String(p.id) },
      auth(await admin()),
    );
    expect(
      queue.body.message.list.map((s: { status: string; decidable: boolean }) => [
        s.status,
        s.decidable,
      ]),
    ).toEqual([
      ['passed', false],
      ['passed', false],
      ['rejected', false],
    ]);
    await expectBalanced(t.app, await admin());
  });

  it('a rejection is translated, decided once when two operators race, and allocates nothing', async () => {
    const p = await project({ price: '1', supply: '100' });
    const user = await funded('10');
    const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number: '10' });
    const id: number = res.body.message.id;
    const zh = await call(
      t.app,
      'POST',
      `admin/subscriptions/${id}/reject`,
      {},
      auth(await admin(), { lang: 'zh' }),
    );
    expect(zh.body).toMatchObject({ code: 'REASON_REQUIRED', message: '请填写原因' });
    // Two operators at once: one rejection wins (one refund), the other is told it was decided.
    const token = await admin();
    const both = await Promise.all([
      decide(id, 'reject', 'Duplicate account', token),
      decide(id, 'reject', 'Duplicate account', token),
    ]);
    expect(both.map((r) => r.body.code ?? r.body.message.status).sort()).toEqual([
      'ALREADY_DECIDED',
      'rejected',
    ]);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '10.0000',
      frozen: '0.0000',
    });
    // The allocation of a project whose only subscription was rejected allocates nothing.
    t.clock.advance(DAY_MS + 1);
    await runJob();
    expect((await records(user))[0]).toMatchObject({ status: 'rejected', paid: null });
    await expectBalanced(t.app, await admin());
  });

  it('a rejection racing the allocation: one of them takes the subscription, never both', async () => {
    const p = await project({ price: '1', supply: '100' });
    const user = await funded('40');
    const res = await subscribe(user, { product_id: String(p.id), currency_id: '3', number: '40' });
    const id: number = res.body.message.id;
    t.clock.advance(DAY_MS + 1); // closed, not yet allocated: still decidable
    const token = await admin();
    const [rejected] = await Promise.all([decide(id, 'reject', 'Late check', token), runJob()]);
    const [record] = await records(user);
    const usdt = (await balances(t.app, user.token)).currency;
    const tokens = (await balances(t.app, user.token, p.coinId)).currency;
    if (rejected.status === 200) {
      expect(record).toMatchObject({ status: 'rejected', allocated: null });
      expect(usdt).toEqual({ available: '40.0000', frozen: '0.0000' });
      expect(tokens?.frozen).toBe('0.0000');
    } else {
      expect(rejected.body.code).toBe('ALREADY_DECIDED');
      expect(record).toMatchObject({ status: 'passed', allocated: '40.0000' });
      expect(usdt).toEqual({ available: '0.0000', frozen: '0.0000' });
      expect(tokens?.frozen).toBe('40.0000');
    }
    await expectBalanced(t.app, await admin());
  });
});

describe('demo projects', () => {
  it('seeds one project in each state, once, with the introduction in the asked language', async () => {
    expect(await seedDemoProjects(t.db, t.clock.now())).toBe(0); // projects exist already here
    const fresh = await moneyApp();
    try {
      expect(await seedDemoProjects(fresh.db, fresh.clock.now())).toBe(3);
      expect(await seedDemoProjects(fresh.db, fresh.clock.now())).toBe(0);
      for (const [state, name] of [
        ['subscribing', 'LUMA'],
        ['sold_out', 'ORBX'],
        ['launched', 'NOVA'],
      ]) {
        const { body } = await call(fresh.app, 'GET', 'lh/send/product_info', { state: state! });
        expect(body.message.list.map((p: { name: string }) => p.name)).toEqual([name]);
      }
      const rec = await call(fresh.app, 'GET', 'lh/send/get_recommend', {}, { lang: 'jp' });
      expect(rec.body.message.list.map((p: { name: string }) => p.name)).toEqual(['LUMA', 'NOVA']);
      expect(rec.body.message.list[0].introduction).toMatch(/^Lumen Layer は/);
      const config = await call(fresh.app, 'GET', 'lh/send/config');
      expect(config.body.message).toMatchObject({
        states: ['subscribing', 'sold_out', 'launched'],
        price_currency: { currency_id: 3, name: 'USDT' },
      });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
