import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  balances,
  deposit,
  expectBalanced,
  moneyApp,
  otherAdminToken,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import { fund, order, USDT } from '../spot/test-kit.ts';

let t: MoneyApp;
let admin: string;
let reviewer: string;
let support: string;
let alice: TestUser;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t, 'admin');
  reviewer = await adminToken(t, 'reviewer');
  support = await adminToken(t, 'support');
  alice = await seedUser(t, { email: 'alice-console@example.com' });
});
afterAll(() => t.close());

/** The console sends JSON. */
async function json(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { ...auth(token), ...(body !== undefined && { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

describe('dashboard', () => {
  it('counts users, the queues, money today, and proves the ledger', async () => {
    await deposit(t.app, alice, admin, '150');
    await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '20', voucher: '/api/uploads/none' },
      auth(alice.token),
    );
    const { status, body } = await json('GET', 'admin/dashboard', support);
    expect(status).toBe(200);
    const d = body.message;
    expect(d.users.total).toBeGreaterThanOrEqual(1);
    expect(d.users.today).toBeGreaterThanOrEqual(1);
    expect(d.ledger.balanced).toBe(true);
    expect(d.today.deposits).toContainEqual(
      expect.objectContaining({ name: 'USDT', amount: '150' }),
    );
    expect(d.queues).toEqual(
      expect.objectContaining({ deposits: expect.any(Number), kyc: expect.any(Number) }),
    );
    expect(d.market.source).toBe(t.config.marketSource);
    // One process: itself, owning nothing by lease (it writes every pair).
    expect(d.processes).toEqual([
      expect.objectContaining({ process: t.app.bus.processId, pid: process.pid, owns: [] }),
    ]);
  });
});

describe('users', () => {
  it('finds a user by email and shows balances, postings and sessions', async () => {
    const found = await json('GET', 'admin/users?q=alice-console', reviewer);
    expect(found.body.message.list).toEqual([
      expect.objectContaining({ id: alice.id, email: 'alice-console@example.com', frozen: false }),
    ]);
    expect((await json('GET', `admin/users?q=${alice.id}`, support)).body.message.total).toBe(1);
    const { body } = await json('GET', `admin/users/${alice.id}`, reviewer);
    const detail = body.message;
    expect(detail.balances).toContainEqual(
      expect.objectContaining({ sub: 'currency', name: 'USDT', available: expect.any(String) }),
    );
    expect(detail.postings[0]).toMatchObject({ kind: 'deposit', sub: 'currency', name: 'USDT' });
    expect(detail.deposits.length).toBeGreaterThan(0);
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toContain('password');
  });

  it('revokes every session of a user, audited; the user is logged out', async () => {
    const bob = await seedUser(t);
    const res = await json('POST', `admin/users/${bob.id}/sessions/revoke`, admin, {
      reason: 'lost phone',
    });
    expect(res.body.message).toEqual({ count: 1 });
    expect((await call(t.app, 'GET', 'user/center', {}, auth(bob.token))).status).toBe(401);
    const audit = await json(
      'GET',
      `admin/audit/search?action=user.sessions.revoke&target_id=${bob.id}`,
      admin,
    );
    expect(audit.body.message.list).toEqual([
      expect.objectContaining({ action: 'user.sessions.revoke', reason: 'lost phone' }),
    ]);
  });

  it('a frozen user can read but not move money, until unfrozen', async () => {
    const carol = await seedUser(t, { kyc: true, pay: true });
    await json('POST', `admin/users/${carol.id}/freeze`, admin, { reason: 'check' });
    expect((await call(t.app, 'GET', 'user/center', {}, auth(carol.token))).status).toBe(200);
    const move = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '5', voucher: '/api/uploads/x' },
      auth(carol.token),
    );
    expect(move.body.code).toBe('ACCOUNT_FROZEN');
    await json('POST', `admin/users/${carol.id}/unfreeze`, admin, {});
    const { body } = await json('GET', `admin/users?q=${carol.id}`, admin);
    expect(body.message.list[0].frozen).toBe(false);
  });
});

describe('operators', () => {
  it('adds an operator who can log in with the role given, then disables them', async () => {
    const asked = await json('POST', 'admin/operators', admin, {
      email: 'New.Support@demo.local',
      password: 'long-enough-password',
      role: 'support',
    });
    // A new operator waits for a second admin (four eyes), who approves it.
    const approval = `admin/operators/actions/${asked.body.message.pending.id}/approve`;
    expect((await json('POST', approval, await otherAdminToken(t))).status).toBe(200);
    const operators = (await json('GET', 'admin/operators', admin)).body.message;
    const created = {
      body: {
        message: operators.find((o: { email: string }) => o.email === 'new.support@demo.local'),
      },
    };
    expect(created.body.message).toMatchObject({
      email: 'new.support@demo.local',
      role: 'support',
    });
    const login = await call(t.app, 'POST', 'admin/login', {
      email: 'new.support@demo.local',
      password: 'long-enough-password',
    });
    expect(login.body.message.role).toBe('support');
    const token = login.body.message.token as string;
    expect((await json('GET', 'admin/kyc', token)).status).toBe(403);

    const again = await json('POST', 'admin/operators', admin, {
      email: 'new.support@demo.local',
      password: 'long-enough-password',
      role: 'admin',
    });
    expect(again.body.code).toBe('OPERATOR_EXISTS');

    const id = created.body.message.id;
    await json('PUT', `admin/operators/${id}`, admin, { role: 'reviewer' });
    expect((await json('GET', 'admin/kyc', token)).status).toBe(200);
    await json('PUT', `admin/operators/${id}`, admin, { disabled: true });
    expect((await json('GET', 'admin/me', token)).status).toBe(401);
    const audit = await json(
      'GET',
      `admin/audit/search?target_type=operator&target_id=${id}`,
      admin,
    );
    expect(audit.body.message.list.map((a: { action: string }) => a.action)).toEqual([
      'operator.update',
      'operator.update',
      'operator.create',
    ]);
    expect(JSON.stringify(audit.body.message)).not.toContain('hash');
  });

  it('refuses an update that changes nothing with a translated 400 (it was a 500)', async () => {
    const me = (await json('GET', 'admin/me', admin)).body.message;
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/operators/${me.id}`,
      headers: { ...auth(admin), 'content-type': 'application/json', lang: 'zh' },
      payload: '{}',
    });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { type: 'error', code: 'NOTHING_TO_CHANGE', message: '没有需要修改的内容：请至少填写一项' },
    ]);
    expect((await json('GET', 'admin/me', admin)).status).toBe(200);
  });

  it('does not let an admin disable or demote themselves', async () => {
    const me = (await json('GET', 'admin/me', admin)).body.message;
    expect(
      (await json('PUT', `admin/operators/${me.id}`, admin, { disabled: true })).body.code,
    ).toBe('OPERATOR_SELF');
    expect(
      (await json('PUT', `admin/operators/${me.id}`, admin, { role: 'support' })).body.code,
    ).toBe('OPERATOR_SELF');
  });
});

describe('configuration', () => {
  it('edits a coin; users see the new minimum at once; the audit keeps before and after', async () => {
    const coins = (await json('GET', 'admin/config/coins', admin)).body.message;
    const usdt = coins.find((c: { name: string }) => c.name === 'USDT');
    expect(usdt.networks.length).toBeGreaterThan(0);
    const res = await json('PUT', `admin/config/coins/${usdt.id}`, admin, {
      full_name: usdt.full_name,
      networks: usdt.networks.map((n: { network: string }) => n.network),
      deposit_min: '7',
      withdraw_min: usdt.withdraw_min,
      withdraw_fee: usdt.withdraw_fee,
      sort: usdt.sort,
    });
    expect(res.body.message.deposit_min).toBe('7');
    const small = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '5', voucher: '/api/uploads/x' },
      auth(alice.token),
    );
    expect(small.body.code).toBe('DEPOSIT_BELOW_MIN');
    const audit = (await json('GET', 'admin/audit/search?action=config.coin', admin)).body.message;
    expect(JSON.parse(audit.list[0].before).deposit_min).not.toBe(
      JSON.parse(audit.list[0].after).deposit_min,
    );
  });

  it('edits spot fees live and refuses a tick change while the pair has open orders', async () => {
    const pairs = (await json('GET', 'admin/config/spot-pairs', admin)).body.message;
    const btc = pairs.find((p: { symbol: string }) => p.symbol === 'BTCUSDT');
    const body = { ...btc, taker_fee: '0.002' };
    delete body.symbol;
    const res = await json('PUT', 'admin/config/spot-pairs/BTCUSDT', admin, {
      tick: body.tick,
      step: body.step,
      maker_fee: body.maker_fee,
      taker_fee: '0.002',
      enabled: true,
      sort: body.sort,
    });
    expect(res.body.message.taker_fee).toBe('0.002');
    const shown = (await call(t.app, 'GET', 'coin/pairs')).body.message;
    expect(shown.find((p: { symbol: string }) => p.symbol === 'BTCUSDT').taker_fee).toBe('0.002');
    expect(t.app.spot.pair('BTCUSDT').takerFeeText).toBe('0.002');

    const tooFine = await json('PUT', 'admin/config/spot-pairs/BTCUSDT', admin, {
      tick: '0.0000000001',
      step: body.step,
      maker_fee: body.maker_fee,
      taker_fee: '0.002',
      enabled: true,
      sort: body.sort,
    });
    expect(tooFine.body.code).toBe('CONFIG_INVALID');
  });

  it('changes tick and step only while the pair has no open orders', async () => {
    const pair = (await json('GET', 'admin/config/spot-pairs', admin)).body.message.find(
      (p: { symbol: string }) => p.symbol === 'ETHUSDT',
    );
    const edit = (tick: string) =>
      json('PUT', 'admin/config/spot-pairs/ETHUSDT', admin, {
        tick,
        step: pair.step,
        maker_fee: pair.maker_fee,
        taker_fee: pair.taker_fee,
        enabled: true,
        sort: pair.sort,
      });
    const rich = await seedUser(t);
    await deposit(t.app, rich, admin, '1000');
    const order = await call(
      t.app,
      'POST',
      'coin/trade',
      { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '100', amount: '1' },
      auth(rich.token),
    );
    expect(order.status).toBe(200);
    const coarser = new Decimal(pair.tick).mul(10).toFixed();
    expect((await edit(coarser)).body.code).toBe('PAIR_HAS_ORDERS');
    await call(t.app, 'PUT', 'coin/trade', { id: String(order.body.message.id) }, auth(rich.token));
    expect((await edit(coarser)).body.message.tick).toBe(coarser);
    expect(t.app.spot.pair('ETHUSDT').spec.tick).toBe(
      BigInt(new Decimal(coarser).mul(new Decimal(10).pow(pair.price_scale)).toFixed()),
    ); // The order's freeze and its release balance.
    await expectBalanced(t.app, admin);
  });

  it('edits contract pairs, option periods and finance products', async () => {
    const lever = (await json('GET', 'admin/config/lever-pairs', admin)).body.message[0];
    const edited = await json('PUT', `admin/config/lever-pairs/${lever.symbol}`, admin, {
      ...lever,
      symbol: undefined,
      multiples: [100, 10, 10, 5],
      fee_rate: '0.001',
    });
    expect(edited.body.message).toMatchObject({ multiples: [5, 10, 100], fee_rate: '0.001' });

    const period = await json('POST', 'admin/config/option-periods', admin, {
      seconds: 600,
      profit_rate: '0.9',
      min_amount: '100',
      enabled: true,
      sort: 9,
    });
    expect(period.body.message.seconds).toBe(600);
    const periods = (await call(t.app, 'GET', 'option/periods')).body.message;
    if (Array.isArray(periods))
      expect(periods.map((p: { seconds: number }) => p.seconds)).toContain(600);

    const product = await json('POST', 'admin/config/finance-products', admin, {
      name: 'USDT 7 days',
      currency_id: 3,
      days: 7,
      min_amount: '10',
      max_amount: null,
      daily_rate: '0.001',
      penalty_rate: null,
      enabled: true,
      sort: 50,
    });
    expect(product.body.message).toMatchObject({ days: 7, daily_rate: '0.001' });
    const bad = await json(
      'PUT',
      `admin/config/finance-products/${product.body.message.id}`,
      admin,
      {
        ...product.body.message,
        max_amount: '1',
      },
    );
    expect(bad.body.code).toBe('CONFIG_MIN_ABOVE_MAX');
  });

  it('refuses changes no operator may make: a reviewer editing a fee, a price in the body', async () => {
    expect((await json('PUT', 'admin/config/coins/3', reviewer, {})).status).toBe(403);
    const pairs = (await json('GET', 'admin/config/spot-pairs', admin)).body.message;
    expect(pairs[0]).not.toHaveProperty('price');
  });
});

describe('review queues', () => {
  it('passing a deposit tells the user socket to refresh balances', async () => {
    const spy = vi.spyOn(t.app.hub, 'publishToUser');
    const before = await balances(t.app, alice.token);
    await deposit(t.app, alice, reviewer, '30');
    expect(spy).toHaveBeenCalledWith(alice.id, 'balances', {});
    const after = await balances(t.app, alice.token);
    expect(Number(after.currency!.available) - Number(before.currency!.available)).toBe(30);
    spy.mockRestore();
  });

  it('lists subscriptions under review for reviewers', async () => {
    const { status, body } = await json('GET', 'admin/subscriptions?status=all', reviewer);
    expect(status).toBe(200);
    expect(body.message).toMatchObject({ total: expect.any(Number), list: expect.any(Array) });
  });
});

// Last: its user and order would show in the user searches above.
describe('spot books on the dashboard', () => {
  it("shows each spot book's resting orders and the engine's state hash, which moves with the book", async () => {
    const books = async () =>
      (await json('GET', 'admin/dashboard', support)).body.message.processes[0].books as {
        symbol: string;
        orders: number;
        hash: string;
      }[];
    const before = await books();
    // Every pair this process writes, each with its book's own hash.
    expect(before.map((b) => b.symbol).sort()).toEqual([...t.app.spot.writers.keys()].sort());
    const btc = () => t.app.spot.writers.get('BTCUSDT')!.book;
    expect(before.find((b) => b.symbol === 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      orders: btc().size(),
      hash: btc().stateHash(),
    });
    const trader = await seedUser(t);
    await fund(t, trader.id, USDT, '100');
    const placed = await order(t.app, trader.token, { side: 'buy', price: '1000', amount: '0.01' });
    expect(placed.body.message).toMatchObject({ status: 'waiting' });
    const after = (await books()).find((b) => b.symbol === 'BTCUSDT')!;
    expect(after.orders).toBe(before.find((b) => b.symbol === 'BTCUSDT')!.orders + 1);
    expect(after.hash).not.toBe(before.find((b) => b.symbol === 'BTCUSDT')!.hash);
    expect(after.hash).toBe(btc().stateHash());
    await expectBalanced(t.app, admin);
  });
});
