import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './test-kit.ts';

// TEST_PRICES: BTC is recorded at 65000.5 USDT; ETH has no price.
let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const USDT = '3';
const BTC = '1';
const ETH = '2';

describe('conversion', () => {
  it('quotes before confirming and converts at exactly the quoted terms, fee in the received coin', async () => {
    const user = await seedUser(t);
    await deposit(t.app, user, admin, '1000');
    const form = { from_currency_id: USDT, to_currency_id: BTC, number: '650.005' };
    const quoted = await call(t.app, 'POST', 'wallet/exchange_quote', form, auth(user.token));
    expect(quoted.body.message).toMatchObject({
      from_number: '650.0050',
      to_number: '0.00998000',
      fee: '0.00002000',
      fee_rate: '0.002',
      price_time: 1_700_000_000_000,
    });
    const done = await call(t.app, 'POST', 'wallet/exchange', form, auth(user.token));
    expect(done.status).toBe(200);
    expect(done.body.message).toMatchObject({ ...quoted.body.message, id: expect.any(Number) });
    expect((await balances(t.app, user.token, 3)).currency!.available).toBe('349.9950');
    expect((await balances(t.app, user.token, 1)).currency!.available).toBe('0.00998000');
    await expectBalanced(t.app, admin);
  });

  it('refuses a coin with no recorded price, the same coin twice, and more than the balance', async () => {
    const user = await seedUser(t);
    await deposit(t.app, user, admin, '10');
    const noPrice = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { from_currency_id: USDT, to_currency_id: ETH, number: '1' },
      auth(user.token),
    );
    expect(noPrice.body.code).toBe('PRICE_UNAVAILABLE');
    const same = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { from_currency_id: USDT, to_currency_id: USDT, number: '1' },
      auth(user.token),
    );
    expect(same.body.code).toBe('CONVERSION_SAME_COIN');
    const short = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { from_currency_id: USDT, to_currency_id: BTC, number: '11' },
      auth(user.token, { lang: 'jp' }),
    );
    expect(short.body).toEqual({
      type: 'error',
      code: 'INSUFFICIENT_BALANCE',
      message: '残高が不足しています',
    });
    const dust = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { from_currency_id: USDT, to_currency_id: BTC, number: '0.0001' },
      auth(user.token),
    );
    expect(dust.body.code).toBe('CONVERSION_TOO_SMALL');
    expect((await balances(t.app, user.token, 3)).currency!.available).toBe('10.0000');
    await expectBalanced(t.app, admin);
  });

  it('refuses to give less than the confirmed minimum, and changes nothing', async () => {
    const user = await seedUser(t);
    await deposit(t.app, user, admin, '100');
    const form = { from_currency_id: USDT, to_currency_id: BTC, number: '65.0005' };
    const moved = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { ...form, min_to_number: '0.00100000' },
      auth(user.token),
    );
    expect(moved.body.code).toBe('PRICE_MOVED');
    expect((await balances(t.app, user.token, 3)).currency!.available).toBe('100.0000');
    const accepted = await call(
      t.app,
      'POST',
      'wallet/exchange',
      { ...form, min_to_number: '0.00099' },
      auth(user.token),
    );
    expect(accepted.body.message.to_number).toBe('0.00099800');
    await expectBalanced(t.app, admin);
  });

  it('converts once for one Idempotency-Key', async () => {
    const user = await seedUser(t);
    await deposit(t.app, user, admin, '100');
    const form = { from_currency_id: BTC, to_currency_id: USDT, number: '0.0001' };
    await call(
      t.app,
      'POST',
      'wallet/exchange',
      { from_currency_id: USDT, to_currency_id: BTC, number: '65.0005' },
      auth(user.token),
    );
    const headers = auth(user.token, { 'idempotency-key': 'convert-1' });
    const first = await call(t.app, 'POST', 'wallet/exchange', form, headers);
    const again = await call(t.app, 'POST', 'wallet/exchange', form, headers);
    expect(again.body.message).toEqual(first.body.message);
    // 0.0001 BTC × 65000.5 = 6.50005 → 6.5000 gross, fee 0.0130, received 6.4870.
    expect((await balances(t.app, user.token, 3)).currency!.available).toBe('41.4865');
    await expectBalanced(t.app, admin);
  });
});
