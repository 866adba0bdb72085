import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, auth, moneyApp, type MoneyApp } from '../wallet/test-kit.ts';

/**
 * Every number an operator types into the configuration has bounds a real exchange would keep:
 * out of them the setting is refused with its reason and what is stored stays as it was.
 */

let t: MoneyApp;
let admin: string;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t, 'admin');
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

/** The console sends JSON. */
async function json(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, lang = 'en') {
  const response = await t.app.inject({
    method,
    url: `/api/admin/${path}`,
    headers: {
      ...auth(admin, { lang }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

const listOf = async (path: string): Promise<Row[]> => {
  const res = await json('GET', `config/${path}`);
  expect(res.status).toBe(200);
  return res.body.message as Row[];
};
const rowOf = async (path: string, key: string, id: unknown) =>
  (await listOf(path)).find((r) => r[key] === id)!;

/** What a PUT takes: the row as listed, minus what the body does not carry. */
const bodyOf = (row: Row, drop: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !drop.includes(k)));

/**
 * Sends each change on top of the stored row; every one answers 400 with its code, and the
 * row reads the same afterwards.
 */
async function refusesEach(
  path: string,
  key: string,
  id: string | number,
  drop: string[],
  cases: [Row, string][],
) {
  const before = await rowOf(path, key, id);
  for (const [change, code] of cases) {
    const res = await json('PUT', `config/${path}/${id}`, { ...bodyOf(before, drop), ...change });
    expect([change, res.status, res.body.code]).toEqual([change, 400, code]);
    expect(res.body.message).not.toMatch(/\{\w+\}/);
  }
  expect(await rowOf(path, key, id)).toEqual(before);
  return before;
}

describe('option periods', () => {
  it('refuses a payout of 0 or above 1 (100% profit) and a stake minimum of 0', async () => {
    const before = await refusesEach(
      'option-periods',
      'seconds',
      30,
      ['seconds'],
      [
        [{ profit_rate: '100' }, 'CONFIG_PAYOUT_RANGE'],
        [{ profit_rate: '1.01' }, 'CONFIG_PAYOUT_RANGE'],
        [{ profit_rate: '0' }, 'CONFIG_PAYOUT_RANGE'],
        [{ profit_rate: '-0.5' }, 'VALIDATION'],
        [{ profit_rate: '0.123456789' }, 'VALIDATION'],
        [{ min_amount: '0' }, 'VALIDATION'],
        [{ min_amount: '-10' }, 'VALIDATION'],
      ],
    );
    const zh = await json(
      'PUT',
      'config/option-periods/30',
      { ...bodyOf(before, ['seconds']), profit_rate: 100 },
      'zh',
    );
    expect(zh.body.message).toBe('收益率须大于 0 且不超过 1（获胜最多获得 100% 收益）');

    const added = await json('POST', 'config/option-periods', {
      ...bodyOf(before, ['seconds']),
      seconds: 900,
      profit_rate: '100',
    });
    expect(added.body.code).toBe('CONFIG_PAYOUT_RANGE');
    expect((await listOf('option-periods')).map((p) => p.seconds)).not.toContain(900);
  });

  it('saves a payout of exactly 100%', async () => {
    const before = await rowOf('option-periods', 'seconds', 60);
    const res = await json('PUT', 'config/option-periods/60', {
      ...bodyOf(before, ['seconds']),
      profit_rate: '1',
      min_amount: '5',
    });
    expect(res.body.message).toMatchObject({ profit_rate: '1', min_amount: '5' });
  });
});

describe('contract pairs', () => {
  it('refuses a maintenance ratio of 0 or 1, leverage outside 1–125, fees and spreads above 1%', async () => {
    await refusesEach(
      'lever-pairs',
      'symbol',
      'BTCUSDT',
      ['symbol'],
      [
        [{ maintenance_ratio: '0' }, 'CONFIG_MAINTENANCE_RANGE'],
        [{ maintenance_ratio: '1' }, 'CONFIG_MAINTENANCE_RANGE'],
        [{ maintenance_ratio: '-0.2' }, 'VALIDATION'],
        [{ maintenance_ratio: 'abc' }, 'VALIDATION'],
        [{ maintenance_ratio: null }, 'VALIDATION'],
        [{ multiples: [5, 200] }, 'CONFIG_MULTIPLES_RANGE'],
        [{ multiples: [0, 10] }, 'CONFIG_MULTIPLES_RANGE'],
        [{ multiples: [2.5] }, 'CONFIG_MULTIPLES_RANGE'],
        [{ multiples: [] }, 'CONFIG_MULTIPLES_RANGE'],
        [{ fee_rate: '-0.001' }, 'VALIDATION'],
        [{ fee_rate: '0.5' }, 'CONFIG_FEE_RANGE'],
        [{ spread: '0.02' }, 'CONFIG_SPREAD_RANGE'],
        [{ lot_size: '0' }, 'VALIDATION'],
        // 1% against 100× loses the whole margin on opening.
        [{ spread: '0.01', multiples: [10, 100] }, 'CONFIG_SPREAD_LIQUIDATES'],
        [
          { spread: '0.008', maintenance_ratio: '0.2', multiples: [100] },
          'CONFIG_SPREAD_LIQUIDATES',
        ],
      ],
    );
  });

  it('saves terms inside the bounds', async () => {
    const before = await rowOf('lever-pairs', 'symbol', 'ETHUSDT');
    const res = await json('PUT', 'config/lever-pairs/ETHUSDT', {
      ...bodyOf(before, ['symbol']),
      multiples: [1, 125],
      maintenance_ratio: '0.3',
      spread: '0.001',
      fee_rate: '0.01',
    });
    expect(res.body.message).toMatchObject({
      multiples: [1, 125],
      maintenance_ratio: '0.3',
      spread: '0.001',
      fee_rate: '0.01',
    });
  });
});

describe('spot pairs', () => {
  it('refuses fees that are negative or above 1%, and keeps a sane one', async () => {
    const before = await refusesEach(
      'spot-pairs',
      'symbol',
      'ETHUSDT',
      ['symbol', 'price_scale', 'amount_scale', 'open_orders'],
      [
        [{ maker_fee: '-0.001' }, 'VALIDATION'],
        [{ taker_fee: '1.5' }, 'CONFIG_FEE_RANGE'],
        [{ maker_fee: '0.02' }, 'CONFIG_FEE_RANGE'],
        [{ tick: '0' }, 'VALIDATION'],
      ],
    );
    const res = await json('PUT', 'config/spot-pairs/ETHUSDT', {
      ...bodyOf(before, ['symbol', 'price_scale', 'amount_scale', 'open_orders']),
      taker_fee: '0.002',
    });
    expect(res.body.message.taker_fee).toBe('0.002');
  });
});

describe('finance products', () => {
  const product = {
    name: 'USDT 30 days',
    currency_id: 3,
    days: 30,
    min_amount: '100',
    max_amount: '10000',
    daily_rate: '0.005',
    penalty_rate: null,
    enabled: true,
    sort: 5,
  };
  const drop = ['id', 'code'];

  it('refuses a daily rate of 0 or above 1%, a penalty above 5%, a minimum above the maximum', async () => {
    const created = await json('POST', 'config/finance-products', product);
    expect(created.status).toBe(200);
    const id = created.body.message.id as number;
    await refusesEach('finance-products', 'id', id, drop, [
      [{ daily_rate: '0.5' }, 'CONFIG_DAILY_RATE_RANGE'],
      [{ daily_rate: '0' }, 'CONFIG_DAILY_RATE_RANGE'],
      [{ penalty_rate: '0.9' }, 'CONFIG_PENALTY_RATE_RANGE'],
      [{ min_amount: '0' }, 'VALIDATION'],
      [{ min_amount: '500', max_amount: '100' }, 'CONFIG_MIN_ABOVE_MAX'],
      [{ days: 0 }, 'VALIDATION'],
    ]);
    const count = (await listOf('finance-products')).length;
    const bad = await json('POST', 'config/finance-products', { ...product, daily_rate: '1' });
    expect(bad.body.code).toBe('CONFIG_DAILY_RATE_RANGE');
    expect(await listOf('finance-products')).toHaveLength(count);

    const edited = await json('PUT', `config/finance-products/${id}`, {
      ...product,
      daily_rate: '0.01',
      penalty_rate: '0.05',
      min_amount: '10000',
    });
    expect(edited.body.message).toMatchObject({ daily_rate: '0.01', penalty_rate: '0.05' });
  });
});

describe('subscription projects', () => {
  it('refuses a per-subscription minimum above the supply', async () => {
    const now = t.clock.now().getTime();
    const terms = {
      issue_price: '0.5',
      pay_coins: [3],
      supply: '1000',
      min_tokens: '10',
      lock_days: 0,
      start_at: now,
      close_at: now + 86_400_000,
      launch_at: now + 2 * 86_400_000,
      introduction: { en: 'Bounds.' },
      website: null,
      recommended: false,
    };
    const token = { name: 'BOUND', full_name: 'Bound Token', decimals: 4 };
    const refused = await json('POST', 'config/subscription-projects', {
      ...terms,
      ...token,
      min_tokens: '1001',
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'CONFIG_MIN_ABOVE_MAX']);
    expect(await listOf('subscription-projects')).toEqual([]);

    const created = await json('POST', 'config/subscription-projects', { ...terms, ...token });
    expect(created.status).toBe(200);
    const id = created.body.message.id as number;
    const before = await rowOf('subscription-projects', 'id', id);
    const res = await json('PUT', `config/subscription-projects/${id}`, {
      ...terms,
      min_tokens: '5000',
    });
    expect([res.status, res.body.code]).toEqual([400, 'CONFIG_MIN_ABOVE_MAX']);
    expect(await rowOf('subscription-projects', 'id', id)).toEqual(before);
  });
});

describe('coins', () => {
  const drop = ['id', 'name', 'decimals'];
  const networks = (row: Row) => (row.networks as { network: string }[]).map((n) => n.network);

  it('refuses a negative fee, a minimum that leaves nothing after the fee, or one above a network limit', async () => {
    const usdt = (await listOf('coins')).find((c) => c.name === 'USDT')!;
    const limit = await json('PUT', `config/coins/${usdt.id}/networks/TRC20`, {
      deposit_address: null,
      deposit_xpub: null,
      deposit_enabled: true,
      withdraw_enabled: true,
      withdraw_max: '50',
      withdraw_daily_amount: null,
    });
    expect(limit.status).toBe(200);
    const body = { ...bodyOf(usdt, drop), networks: networks(usdt) };
    for (const [change, code] of [
      [{ withdraw_fee: '-1' }, 'VALIDATION'],
      [{ deposit_min: '-5' }, 'VALIDATION'],
      [{ withdraw_min: '10', withdraw_fee: '10' }, 'CONFIG_WITHDRAW_FEE_ABOVE_MIN'],
      [{ withdraw_min: '5', withdraw_fee: '6' }, 'CONFIG_WITHDRAW_FEE_ABOVE_MIN'],
      [{ withdraw_min: '60' }, 'CONFIG_MIN_ABOVE_MAX'],
    ] as [Row, string][]) {
      const res = await json('PUT', `config/coins/${usdt.id}`, { ...body, ...change });
      expect([change, res.status, res.body.code]).toEqual([change, 400, code]);
    }
    // A schema's own VALIDATION names the field it refused.
    const unnamed = await json('PUT', `config/coins/${usdt.id}`, { ...body, full_name: '' });
    expect(unnamed.body).toMatchObject({ code: 'VALIDATION', message: 'Invalid value: full_name' });
    expect((await listOf('coins')).find((c) => c.name === 'USDT')).toEqual(usdt);

    const saved = await json('PUT', `config/coins/${usdt.id}`, {
      ...body,
      withdraw_min: '50',
      withdraw_fee: '2',
    });
    expect(saved.body.message).toMatchObject({ withdraw_min: '50', withdraw_fee: '2' });
    const free = await json('PUT', `config/coins/${usdt.id}`, {
      ...body,
      withdraw_min: '0',
      withdraw_fee: '0',
    });
    expect(free.status).toBe(200);
  });
});

describe('four eyes', () => {
  it('refuses a negative threshold or one above 1,000,000,000 USDT', async () => {
    const before = (await json('GET', 'config/four-eyes')).body.message;
    for (const threshold_usdt of ['-1', '1000000000.01', 'abc']) {
      const res = await json('PUT', 'config/four-eyes', { threshold_usdt });
      expect([threshold_usdt, res.status]).toEqual([threshold_usdt, 400]);
    }
    expect((await json('GET', 'config/four-eyes')).body.message).toEqual(before);
    expect((await json('PUT', 'config/four-eyes', { threshold_usdt: '1000000000' })).status).toBe(
      200,
    );
  });
});
