import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, subscriptionProjects } from '@hx/db';
import { RECORD_FILTERS, type RecordFilter } from '@hx/protocol';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import { lines, recordMoves, recordsApp } from './records-kit.ts';
import { adminToken, deposit, expectBalanced, seedUser, type MoneyApp } from './test-kit.ts';

let t: MoneyApp;
let clock: MoneyApp['clock'];
let admin: string;
beforeAll(async () => {
  t = await recordsApp();
  ({ clock } = t);
  admin = await adminToken(t);
  await tick('65000');
});
afterAll(() => t.close());
const { tick, post, records, detail, funded, withdraw, later, decide } = recordMoves(
  () => t,
  () => admin,
);

describe('asset records', () => {
  it('lists a withdrawal as one record whose state follows the review', async () => {
    const user = await funded('100');
    const asked = await withdraw(user, '20.5');
    expect(asked.status).toBe(200);
    const id = asked.body.message.id as number;

    // Frozen, not yet paid: one line, under review (the ledger has a freeze posting pair).
    let list = (await records(user)).list;
    expect(lines(list)).toEqual(['withdraw -20.5000 review', 'deposit 100.0000 passed']);
    expect(list[0]).toMatchObject({ id, currency_id: 3, coin: 'USDT', network: 'TRC20' });

    expect((await decide(id, 'reject')).status).toBe(200);
    list = (await records(user)).list;
    expect(lines(list)).toEqual(['withdraw -20.5000 rejected', 'deposit 100.0000 passed']);
    const rejected = (await detail(user, 'withdraw', id)).body.message;
    expect(rejected).toMatchObject({
      kind: 'withdraw',
      state: 'rejected',
      reason: 'Address check failed',
      fee: { currency_id: 3, coin: 'USDT', amount: '1.0000' },
      receive: '19.5000',
      address: expect.stringMatching(/^T/),
    });

    // A second one passes: still one line each; its fee is listed under fees only.
    const second = (await withdraw(user, '30')).body.message.id as number;
    expect((await decide(second, 'pass')).status).toBe(200);
    const all = await records(user, { type: 'all' });
    expect(lines(all.list)).toEqual([
      'withdraw -30.0000 passed',
      'withdraw -20.5000 rejected',
      'deposit 100.0000 passed',
    ]);
    const fees = (await records(user, { type: 'fee' })).list;
    expect(fees).toEqual([
      expect.objectContaining({
        kind: 'withdraw_fee',
        amount: '-1.0000',
        source: { kind: 'withdraw', id: second },
      }),
    ]);
    const passed = (await detail(user, 'withdraw', second)).body.message;
    expect(passed).toMatchObject({ state: 'passed', reviewed_at: expect.any(Number) });
    await expectBalanced(t.app, admin);
  });

  it('shows each action once, in the filter of what the user did', async () => {
    const user = await funded('2000');
    // BTC for the spot sale: a deposit over OMNI.
    await deposit(t.app, user, admin, '0.1', { id: 1, network: 'OMNI' });
    const move = (to: string, number: string) =>
      post(user, 'wallet/change', { from: 'currency', to, currency_id: '3', number });
    expect((await move('options', '100')).status).toBe(200);
    expect((await move('contract', '500')).status).toBe(200);
    expect((await move('trust', '200')).status).toBe(200);

    // A conversion: USDT → BTC at the recorded price, the fee taken in BTC.
    const converted = await post(user, 'wallet/exchange', {
      from_currency_id: '3',
      to_currency_id: '1',
      number: '65',
    });
    expect(converted.status).toBe(200);

    // A spot sale to another user's bid.
    const buyer = await funded('1000');
    const bid = await post(buyer, 'coin/trade', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.01',
    });
    expect(bid.status).toBe(200);
    const ask = await post(user, 'coin/trade', {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      amount: '0.01',
    });
    expect(ask.body.message).toMatchObject({ status: 'completed' });

    // A call option, settled a win; a long contract, closed at a profit.
    const option = await post(user, 'microtrade/submit', {
      symbol: 'BTCUSDT',
      type: 'call',
      seconds: '30',
      currency_id: '3',
      number: '10',
    });
    expect(option.status).toBe(200);
    const opened = await post(user, 'lever/submit', {
      symbol: 'BTCUSDT',
      side: 'long',
      type: 'market',
      lots: '1',
      multiple: '10',
    });
    expect(opened.status).toBe(200);
    for (let i = 0; i < 31; i += 1) await tick('65500');
    expect(await t.app.optionSettlement.runOnce()).toBeGreaterThanOrEqual(1);
    const closed = await post(user, 'lever/close', { id: String(opened.body.message.id) });
    expect(closed.status).toBe(200);

    // A 7-day finance order.
    const products = (await call(t.app, 'GET', 'lh/deposit/product_info')).body.message as {
      id: number;
      days: number;
      currency_id: number;
    }[];
    const product = products.find((p) => p.days === 7 && p.currency_id === 3)!;
    const bought = await post(user, 'lh/deposit', {
      product_id: String(product.id),
      amount: '100',
      agree: '1',
    });
    expect(bought.status).toBe(200);

    const kindsOf = async (type: RecordFilter) =>
      (await records(user, { type, limit: '100' })).list.map((r) => r.kind);
    for (const type of Object.keys(RECORD_FILTERS) as RecordFilter[]) {
      const kinds = await kindsOf(type);
      for (const kind of kinds) expect(RECORD_FILTERS[type], type).toContain(kind);
    }
    expect(await kindsOf('deposit')).toEqual(['deposit', 'deposit']);
    expect(await kindsOf('withdraw')).toEqual([]);
    expect(await kindsOf('transfer')).toEqual(['convert', 'transfer', 'transfer', 'transfer']);
    expect((await kindsOf('trade')).sort()).toEqual(['contract', 'option', 'spot']);
    expect(await kindsOf('earn')).toEqual(['finance']);
    expect((await kindsOf('fee')).sort()).toEqual(['convert_fee', 'trade_fee', 'trade_fee']);
    const all = (await records(user, { limit: '100' })).list;
    expect(all).toHaveLength(10);

    const byKind = (kind: string) => all.find((r) => r.kind === kind)!;
    expect(byKind('convert')).toMatchObject({
      currency_id: 1,
      coin: 'BTC',
      state: 'done',
      counter: { currency_id: 3, coin: 'USDT', amount: '-65.0000' },
    });
    expect(byKind('spot')).toMatchObject({
      subject: 'BTCUSDT',
      side: 'sell',
      coin: 'USDT',
      state: 'completed',
      counter: { coin: 'BTC', amount: '-0.01000000' },
    });
    expect(byKind('option')).toMatchObject({ side: 'call', state: 'win', amount: '8.0000' });
    expect(byKind('contract')).toMatchObject({ side: 'long', state: 'closed' });
    expect(new Decimal(byKind('contract').amount).gt(0)).toBe(true);
    expect(byKind('finance')).toMatchObject({ amount: '100.0000', state: 'custody' });
    expect(all.filter((r) => r.kind === 'transfer').map((r) => [r.from, r.to])).toEqual([
      ['currency', 'trust'],
      ['currency', 'contract'],
      ['currency', 'options'],
    ]);

    // Details: the conversion's rate and fee, the spot order's price and fee, the contract's.
    const conversion = (await detail(user, 'convert', byKind('convert').id)).body.message;
    expect(conversion.price).toBeTruthy();
    expect(conversion.fee).toMatchObject({ coin: 'BTC' });
    const sale = (await detail(user, 'spot', byKind('spot').id)).body.message;
    expect(sale).toMatchObject({ order_type: 'market', price: '60000', fee: { coin: 'USDT' } });
    const position = (await detail(user, 'contract', byKind('contract').id)).body.message;
    expect(position).toMatchObject({ lots: 1, multiple: 10, close_reason: 'manual' });

    // A day later the order has paid interest: an earning, linked to its order.
    clock.advance(24 * 3600_000 + 1000);
    admin = await adminToken(t); // operator sessions last 12 hours
    await t.app.finance.runOnce();
    const earnings = (await records(user, { type: 'earn' })).list;
    expect(earnings.map((r) => r.kind)).toEqual(['interest', 'finance']);
    expect(earnings[0]).toMatchObject({
      amount: '0.3000',
      source: { kind: 'finance', id: bought.body.message.id },
    });
    expect((await detail(user, 'interest', earnings[0]!.id)).body.message).toMatchObject({
      day: 1,
      days: 7,
    });

    // Only one coin: the BTC moves (deposit, conversion, spot sale) and their fees.
    const btc = await records(user, { currency_id: '1', limit: '100' });
    expect(btc.list.map((r) => r.kind).sort()).toEqual(['convert', 'deposit', 'spot']);
    await tick('65500');
    await expectBalanced(t.app, admin);
  });

  it('lists demo funds as deposits and a subscription as one earning that follows allocation', async () => {
    const user = await seedUser(t);
    expect((await post(user, 'wallet/demo_funds')).status).toBe(200);
    const credited = (await records(user, { type: 'deposit' })).list;
    expect(credited.map((r) => `${r.kind} ${r.amount} ${r.coin}`).sort()).toEqual([
      'demo_funds 0.50000000 BTC',
      'demo_funds 10000.0000 USDT',
      'demo_funds 5.000000 ETH',
    ]);
    expect((await detail(user, 'demo_funds', credited[0]!.id)).status).toBe(200);

    // A project selling TKR at 0.5 USDT, closing in an hour.
    const now = clock.now().getTime();
    await t.db.insert(coins).values({ id: 300, name: 'TKR', fullName: 'Token R', decimals: 4 });
    const [project] = await t.db
      .insert(subscriptionProjects)
      .values({
        coinId: 300,
        issuePrice: '0.5',
        payCoins: [3],
        supply: '1000000',
        lockDays: 10,
        startAt: new Date(now - 3600_000),
        closeAt: new Date(now + 3600_000),
        launchAt: new Date(now + 7200_000),
        introduction: { en: 'About TKR' },
      })
      .returning({ id: subscriptionProjects.id });
    await later();
    const subscribed = await post(user, 'lh/send/order', {
      product_id: String(project!.id),
      currency_id: '3',
      number: '100',
    });
    expect(subscribed.status).toBe(200);
    let [held] = (await records(user, { type: 'earn' })).list;
    expect(held).toMatchObject({
      kind: 'subscription',
      subject: 'TKR',
      coin: 'USDT',
      amount: '-100.0000',
      state: 'review',
      counter: null,
    });

    clock.advance(3600_000 + 1000);
    await t.app.subscription.runOnce(clock.now());
    [held] = (await records(user, { type: 'earn' })).list;
    expect(held).toMatchObject({
      kind: 'subscription',
      coin: 'TKR',
      amount: '200.0000',
      state: 'passed',
      counter: { coin: 'USDT', amount: '-100.0000' },
    });
    expect((await detail(user, 'subscription', held!.id)).body.message).toMatchObject({
      tokens: '200',
      refund: '0.0000',
      unlock_at: expect.any(Number),
    });
    await tick('65500');
    await expectBalanced(t.app, await adminToken(t));
  });
});
