import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  balances,
  deposit,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { DAY_MS } from './service.ts';
import { seedDemoProjects } from './seed.ts';
import { subscriptionKit } from './subscription-kit.ts';

let t: MoneyApp;
const { recorded, prices, admin, project, subscribe, records, funded, runJob } = subscriptionKit(
  () => t,
);

beforeAll(async () => {
  t = await moneyApp();
  t.app.prices = prices;
});
afterAll(() => t.close());

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
