import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coins as coinTable } from '@hx/db';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
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
    const created = await json('POST', 'admin/operators', admin, {
      email: 'New.Support@demo.local',
      password: 'long-enough-password',
      role: 'support',
    });
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

describe('new subscription projects', () => {
  const DAY = 86_400_000;
  const terms = (fields: Record<string, unknown> = {}) => {
    const now = t.clock.now().getTime();
    return {
      name: 'ZETA',
      full_name: 'Zeta Protocol',
      decimals: 4,
      issue_price: '0.25',
      pay_coins: [3, 1],
      supply: '400000',
      min_tokens: '10',
      lock_days: 20,
      start_at: now - 60_000,
      close_at: now + 3 * DAY,
      launch_at: now + 5 * DAY,
      introduction: { en: 'Zeta settles payments.', zh: 'Zeta 用于结算支付。' },
      website: null,
      recommended: true,
      ...fields,
    };
  };
  const create = (body: Record<string, unknown>, token = admin, lang = 'en') =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/admin/config/subscription-projects',
        headers: { ...auth(token, { lang }), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .then((r) => ({ status: r.statusCode, body: r.json() as any }));

  it('refuses bad terms with translated reasons, and nothing is written', async () => {
    const now = t.clock.now().getTime();
    expect((await create(terms(), reviewer)).status).toBe(403);
    const refused: [Record<string, unknown>, string][] = [
      [{ close_at: now - 120_000 }, 'PROJECT_TIMES_INVALID'],
      [{ launch_at: now + 3 * DAY }, 'PROJECT_TIMES_INVALID'],
      [{ issue_price: '0' }, 'PROJECT_PRICE_INVALID'],
      [{ issue_price: '-1' }, 'PROJECT_PRICE_INVALID'],
      [{ supply: '0.000' }, 'PROJECT_SUPPLY_INVALID'],
      [{ pay_coins: [3, 999] }, 'PROJECT_PAY_COIN_INVALID'],
      [{ pay_coins: [] }, 'PROJECT_PAY_COIN_INVALID'],
      [{ name: 'z' }, 'PROJECT_TOKEN_INVALID'],
      [{ decimals: 19 }, 'PROJECT_TOKEN_INVALID'],
      [{ full_name: '' }, 'PROJECT_TOKEN_INVALID'],
      [{ name: 'usdt' }, 'PROJECT_TOKEN_TAKEN'],
    ];
    for (const [fields, code] of refused) {
      const res = await create(terms(fields));
      expect([JSON.stringify(fields), res.body.code]).toEqual([JSON.stringify(fields), code]);
    }
    const zh = await create(terms({ launch_at: now }), admin, 'zh');
    expect(zh.body.message).toBe('申购结束时间须晚于开始时间，上线时间须晚于结束时间');
    const coinList = (await json('GET', 'admin/config/coins', admin)).body.message;
    expect(coinList.map((c: { name: string }) => c.name)).not.toContain('ZETA');
    expect((await json('GET', 'admin/config/subscription-projects', admin)).body.message).toEqual(
      [],
    );
  });

  it('creates the token coin and the project in one audited step; the app sees it at once', async () => {
    const res = await create(terms());
    expect(res.status).toBe(200);
    const project = res.body.message;
    expect(project).toMatchObject({
      name: 'ZETA',
      issue_price: '0.25',
      pay_coins: [3, 1],
      supply: '400000',
      lock_days: 20,
      subscriptions: 0,
      allocated_at: null,
    });
    expect(project.currency_id).toBeGreaterThanOrEqual(100);
    const coin = (await json('GET', 'admin/config/coins', admin)).body.message.find(
      (c: { name: string }) => c.name === 'ZETA',
    );
    expect(coin).toMatchObject({
      id: project.currency_id,
      full_name: 'Zeta Protocol',
      decimals: 4,
    });

    const audit = (await json('GET', 'admin/audit/search?action=config.', admin)).body.message.list;
    const actions = audit.slice(0, 2).map((a: { action: string; target: string }) => a.action);
    expect(actions).toEqual(['config.subscription_project.create', 'config.coin.create']);
    const after = JSON.parse(audit[0].after);
    expect(after.coin_id).toBe(coin.id);
    expect(new Decimal(after.issue_price).eq('0.25')).toBe(true);

    // The app's publication pages read the table: no restart, no cache.
    const listed = await call(t.app, 'GET', 'lh/send/product_info', { state: 'subscribing' });
    expect(listed.body.message.list.map((p: { name: string }) => p.name)).toContain('ZETA');
    const detail = await call(t.app, 'GET', 'lh/send/product_info', { id: String(project.id) });
    expect(detail.body.message).toMatchObject({
      name: 'ZETA',
      full_name: 'Zeta Protocol',
      state: 'subscribing',
      // No market knows ZETA: returns are counted at the issue price.
      price: '0.25',
      introduction: 'Zeta settles payments.',
    });
    const recommended = await call(t.app, 'GET', 'lh/send/get_recommend', {}, { lang: 'zh' });
    expect(recommended.body.message.list[0].introduction).toBe('Zeta 用于结算支付。');

    // A user subscribes; the token shows in the wallet once allocated (ledger accounts are
    // made on demand).
    const bob = await seedUser(t);
    await deposit(t.app, bob, admin, '50');
    const sub = await call(
      t.app,
      'POST',
      'lh/send/order',
      { product_id: String(project.id), currency_id: '3', number: '50' },
      auth(bob.token),
    );
    expect(sub.body.message).toMatchObject({ status: 'review', tokens: '200.0000' });
    expect((await balances(t.app, bob.token, coin.id)).currency).toEqual({
      available: '0.0000',
      frozen: '0.0000',
    });
    t.clock.advance(3 * 86_400_000 + 1);
    await t.app.subscription.runOnce(t.clock.now());
    expect((await balances(t.app, bob.token, coin.id)).currency).toEqual({
      available: '0.0000',
      frozen: '200.0000',
    });
    t.clock.advance(-(3 * 86_400_000 + 1));
    // The new coin's allocation is a balanced entry like any other.
    await expectBalanced(t.app, admin);

    // The same token again is refused.
    expect((await create(terms())).body).toMatchObject({
      code: 'PROJECT_TOKEN_TAKEN',
      message: expect.stringContaining('ZETA'),
    });
  });

  it('reuses an existing coin no project uses, with its own decimals', async () => {
    await t.db.insert(coinTable).values({ id: 150, name: 'REUSE', fullName: 'Reuse', decimals: 6 });
    const wrong = await create(terms({ name: 'reuse', decimals: 4 }));
    expect(wrong.body).toMatchObject({
      code: 'PROJECT_TOKEN_DECIMALS',
      message: "The coin REUSE already exists with 6 decimals; a coin's decimals never change",
    });
    expect((await create(terms({ name: 'REUSE', decimals: 6, pay_coins: [150] }))).body.code).toBe(
      'PROJECT_PAY_COIN_INVALID',
    );
    const ok = await create(terms({ name: 'REUSE', decimals: 6, full_name: 'Ignored' }));
    expect(ok.body.message).toMatchObject({ currency_id: 150, name: 'REUSE' });
    const coin = (await json('GET', 'admin/config/coins', admin)).body.message.find(
      (c: { name: string }) => c.name === 'REUSE',
    );
    expect(coin.full_name).toBe('Reuse');

    // Edits follow the same rules.
    const edit = await json(
      'PUT',
      `admin/config/subscription-projects/${ok.body.message.id}`,
      admin,
      {
        ...terms(),
        name: undefined,
        full_name: undefined,
        decimals: undefined,
        launch_at: ok.body.message.close_at,
      },
    );
    expect(edit.body.code).toBe('PROJECT_TIMES_INVALID');
  });
});
