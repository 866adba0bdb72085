import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../wallet/test-kit.ts';

let t: MoneyApp;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t, 'admin');
  reviewer = await adminToken(t, 'reviewer');
});
afterAll(() => t.close());

/** The console sends JSON. */
async function json(method: 'GET' | 'PUT', path: string, token: string, body?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { ...auth(token), ...(body !== undefined && { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

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
