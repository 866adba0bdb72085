import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  PAY,
  type MoneyApp,
  type TestUser,
  payee,
} from '../wallet/test-kit.ts';
import { put } from './test-kit.ts';

describe('withdrawal limits per coin and network', () => {
  let t: MoneyApp;
  let admin: string;
  beforeAll(async () => {
    t = await moneyApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const funded = (amount: string) => payee(t, admin, amount);
  const withdraw = (user: TestUser & { addressId: number }, number: string) =>
    call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(user.addressId), number, pay_password: PAY },
      auth(user.token),
    );
  const detail = async (user: TestUser) =>
    (await call(t.app, 'POST', 'wallet/detail', { currency_id: '3' }, auth(user.token))).body
      .message;

  it('refuses a withdrawal above the maximum and over the daily amount; a rejection gives it back', async () => {
    const user = await funded('1000');
    const before = await detail(user);
    expect(before.network_limits).toContainEqual({
      network: 'TRC20',
      deposit_enabled: true,
      withdraw_enabled: true,
      withdraw_max: null,
      withdraw_daily_amount: null,
      withdrawn_today: '0.0000',
    });
    expect(before.network_limits.map((n: { network: string }) => n.network)).toContain('BANK');

    const set = await put(t, admin, 'TRC20', { withdraw_max: '50', withdraw_daily_amount: '100' });
    expect(set.body.message).toMatchObject({ withdraw_max: '50', withdraw_daily_amount: '100' });

    expect(await withdraw(user, '60')).toMatchObject({
      status: 400,
      body: { code: 'WITHDRAW_ABOVE_MAX', message: 'The maximum per withdrawal is 50 USDT' },
    });
    const first = await withdraw(user, '50');
    expect(first.status).toBe(200);
    const second = await withdraw(user, '40');
    expect(second.status).toBe(200);
    expect(await withdraw(user, '20')).toMatchObject({
      status: 400,
      body: {
        code: 'WITHDRAW_DAILY_AMOUNT',
        message: 'You can withdraw at most 100 USDT a day on this network; 10 USDT left today',
      },
    });
    expect((await detail(user)).network_limits).toContainEqual(
      expect.objectContaining({
        network: 'TRC20',
        withdraw_max: '50.0000',
        withdraw_daily_amount: '100.0000',
        withdrawn_today: '90.0000',
      }),
    );
    // A rejected request no longer counts against the amount (it still counts as one of 3).
    const rejected = await call(
      t.app,
      'POST',
      `admin/withdrawals/${second.body.message.id}/reject`,
      { reason: 'wrong address' },
      auth(admin),
    );
    expect(rejected.status).toBe(200);
    expect((await withdraw(user, '40')).status).toBe(200);
    const after = await detail(user);
    expect(after.withdrawals_today).toBe(3);
    expect(after.withdrawals_per_day).toBe(3);
    expect(
      after.network_limits.find((n: { network: string }) => n.network === 'TRC20').withdrawn_today,
    ).toBe('90.0000');
    expect((await withdraw(user, '10')).body.code).toBe('WITHDRAW_DAILY_LIMIT');

    // Another user has their own daily amount; the next UTC day starts again.
    const other = await funded('200');
    expect((await withdraw(other, '50')).status).toBe(200);
    t.clock.advance(24 * 3600_000);
    admin = await adminToken(t);
    expect((await withdraw(user, '50')).status).toBe(200);
    await expectBalanced(t.app, admin);
  });

  it('suspends withdrawals on a network; no limit after the limits are cleared', async () => {
    const user = await funded('500');
    await put(t, admin, 'TRC20', { withdraw_enabled: false });
    expect(await withdraw(user, '20')).toMatchObject({
      status: 503,
      body: { code: 'WITHDRAW_SUSPENDED' },
    });
    expect(
      (await detail(user)).network_limits.find((n: { network: string }) => n.network === 'TRC20')
        .withdraw_enabled,
    ).toBe(false);
    await put(t, admin, 'TRC20', {});
    expect((await withdraw(user, '300')).status).toBe(200);
  });
});
