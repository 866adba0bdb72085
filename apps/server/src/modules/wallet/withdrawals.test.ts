import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { CARD, cardProof } from '../bank/test-kit.ts';
import { moneySuite } from './money-kit.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  PAY,
  seedUser,
  type TestUser,
} from './test-kit.ts';

const m = moneySuite();
const { funded, withdraw } = m;

describe('withdrawals', () => {
  it('gives each missing prerequisite its own code', async () => {
    const ready = await funded('30');
    const form = { currency_id: '3', number: '20', pay_password: PAY };
    const noKyc = await seedUser(m.t, { pay: true });
    const noPay = await seedUser(m.t, { kyc: true });
    const noAddress = await seedUser(m.t, { kyc: true, pay: true });
    const stranger = await funded('0');
    const cases: [TestUser, Record<string, string>, string, string][] = [
      [noKyc, { address_id: '1' }, 'KYC_REQUIRED', 'Please verify your real name first'],
      [noPay, { address_id: '1' }, 'PAY_PASSWORD_NOT_SET', 'Please set a fund password first'],
      [noAddress, {}, 'ADDRESS_REQUIRED', 'Please set a withdraw address first'],
      [
        noAddress,
        { address_id: String(ready.addressId) },
        'ADDRESS_REQUIRED',
        'Please set a withdraw address first',
      ],
      [stranger, { address_id: String(ready.addressId) }, 'NOT_FOUND', 'Not found'],
      [
        ready,
        { address_id: String(ready.addressId), number: '9.9999' },
        'WITHDRAW_BELOW_MIN',
        'The minimum withdrawal is 10 USDT',
      ],
      [
        ready,
        { address_id: String(ready.addressId), pay_password: '000000' },
        'PAY_PASSWORD_WRONG',
        'The fund password is wrong',
      ],
      [
        ready,
        { address_id: String(ready.addressId), number: '30.0001' },
        'INSUFFICIENT_BALANCE',
        'Insufficient balance',
      ],
      [
        ready,
        { address_id: String(ready.addressId), currency_id: '1', number: '1' },
        'ADDRESS_REQUIRED',
        'Please set a withdraw address first',
      ],
    ];
    for (const [user, change, code, message] of cases) {
      const { body } = await call(
        m.t.app,
        'POST',
        'wallet/out',
        { ...form, ...change },
        auth(user.token),
      );
      expect([code, body]).toEqual([code, { type: 'error', code, message }]);
    }
    expect((await balances(m.t.app, ready.token)).currency).toEqual({
      available: '30.0000',
      frozen: '0.0000',
    });
    await expectBalanced(m.t.app, m.admin);
  });

  it('freezes the amount; a pass sends it out with the fee to the fee account, a reject returns it', async () => {
    const user = await funded('100');
    const me = auth(user.token);
    const first = (await withdraw(user, '25', { remark: 'rent' })).body.message;
    expect(first).toEqual({
      id: expect.any(Number),
      status: 'review',
      fee: '1.0000',
      receive: '24.0000',
    });
    const second = (await withdraw(user, '10')).body.message;
    expect((await balances(m.t.app, user.token)).currency).toEqual({
      available: '65.0000',
      frozen: '35.0000',
    });

    const item = (
      await call(m.t.app, 'GET', 'admin/withdrawals', {}, auth(m.admin))
    ).body.message.list.find((w: { id: number }) => w.id === first.id);
    expect(item).toMatchObject({
      user_id: user.id,
      status: 'review',
      number: '25.0000',
      fee: '1.0000',
      receive: '24.0000',
      network: 'TRC20',
      remark: 'rent',
      bank: null,
    });
    await call(m.t.app, 'POST', `admin/withdrawals/${first.id}/pass`, {}, auth(m.admin));
    await call(
      m.t.app,
      'POST',
      `admin/withdrawals/${second.id}/reject`,
      { reason: 'Address flagged' },
      auth(m.admin),
    );
    expect(
      (
        await call(
          m.t.app,
          'POST',
          `admin/withdrawals/${first.id}/reject`,
          { reason: 'late' },
          auth(m.admin),
        )
      ).status,
    ).toBe(409);
    expect((await balances(m.t.app, user.token)).currency).toEqual({
      available: '75.0000',
      frozen: '0.0000',
    });

    const log = (await call(m.t.app, 'GET', 'charge_mention/log3', {}, me)).body.message;
    expect(
      log.list.map((w: { status: string; reason: string | null; receive: string }) => [
        w.status,
        w.reason,
        w.receive,
      ]),
    ).toEqual([
      ['rejected', 'Address flagged', '9.0000'],
      ['passed', null, '24.0000'],
    ]);
    const fees = (await call(m.t.app, 'POST', 'wallet/legal_log', { type: 'withdraw_fee' }, me))
      .body.message.list;
    expect(fees).toMatchObject([{ bucket: 'frozen', amount: '-1.0000', ref_id: first.id }]);
    const audit = (await call(m.t.app, 'GET', 'admin/audit', {}, auth(m.admin))).body.message.list;
    expect(audit[0]).toMatchObject({
      admin: 'admin@demo.local',
      action: 'withdrawal.reject',
      target: `withdrawal:${second.id}`,
      before: 'review',
      after: 'rejected',
      reason: 'Address flagged',
    });
    await expectBalanced(m.t.app, m.admin);
  });

  it('allows 3 requests per UTC day', async () => {
    const user = await funded('100');
    const midnight = new Date(m.t.clock.now());
    midnight.setUTCHours(24, 0, 0, 0);
    m.t.clock.advance(midnight.getTime() - m.t.clock.now().getTime() - 60_000);
    // Up to a day may have passed, longer than an operator session lasts: log in again.
    m.admin = await adminToken(m.t);
    for (let i = 0; i < 3; i++) expect((await withdraw(user, '10')).status).toBe(200);
    const fourth = await withdraw(user, '10');
    expect(fourth).toMatchObject({
      status: 429,
      body: { code: 'WITHDRAW_DAILY_LIMIT', message: 'You can make at most 3 withdrawals a day' },
    });
    const detail = await call(
      m.t.app,
      'POST',
      'wallet/detail',
      { currency_id: '3' },
      auth(user.token),
    );
    expect(detail.body.message).toMatchObject({
      name: 'USDT',
      decimals: 4,
      withdraw_min: '10.0000',
      withdraw_fee: '1.0000',
      withdrawals_per_day: 3,
      withdrawals_today: 3,
      accounts: { currency: { available: '70.0000', frozen: '30.0000' } },
    });
    m.t.clock.advance(60_001);
    expect((await withdraw(user, '10')).status).toBe(200);
    expect((await balances(m.t.app, user.token)).currency).toEqual({
      available: '60.0000',
      frozen: '40.0000',
    });
    await expectBalanced(m.t.app, m.admin);
  });

  it('pays out to a bound bank card in the bank currency', async () => {
    const user = await funded('50');
    const card = CARD;
    const bankId = String(
      (
        await call(
          m.t.app,
          'POST',
          'user/cash_save',
          { ...card, ...(await cardProof(m.t, user.email)) },
          auth(user.token),
        )
      ).body.message.id,
    );
    const out = await call(
      m.t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', bank_id: bankId, number: '20', pay_password: PAY },
      auth(user.token),
    );
    expect(out.body.message).toMatchObject({ status: 'review', receive: '19.0000' });
    const btc = await call(
      m.t.app,
      'POST',
      'wallet/out',
      { currency_id: '1', bank_id: bankId, number: '1', pay_password: PAY },
      auth(user.token),
    );
    expect(btc.body.code).toBe('NETWORK_INVALID');
    const item = (
      await call(m.t.app, 'GET', 'admin/withdrawals', { status: 'all' }, auth(m.admin))
    ).body.message.list.find((w: { id: number }) => w.id === out.body.message.id);
    expect(item).toMatchObject({
      network: 'BANK',
      address: 'HSBC Hong Kong **** 1234',
      bank: { card_number: '4111 1111 1111 1234', swift_code: 'HSBCHKHH' },
    });
    await call(m.t.app, 'POST', `admin/withdrawals/${item.id}/pass`, {}, auth(m.admin));
    expect((await balances(m.t.app, user.token)).currency).toEqual({
      available: '30.0000',
      frozen: '0.0000',
    });
    await expectBalanced(m.t.app, m.admin);
  });

  it('locks the fund password after 5 wrong tries', async () => {
    const user = await funded('50');
    for (let i = 0; i < 4; i++)
      expect((await withdraw(user, '10', { pay_password: '999999' })).body.code).toBe(
        'PAY_PASSWORD_WRONG',
      );
    expect((await withdraw(user, '10', { pay_password: '999999' })).body.code).toBe(
      'PAY_PASSWORD_LOCKED',
    );
    const locked = await withdraw(user, '10');
    expect(locked).toMatchObject({
      status: 429,
      body: {
        code: 'PAY_PASSWORD_LOCKED',
        message: 'Too many wrong fund passwords, please try again in 15 minutes',
      },
    });
    m.t.clock.advance(15 * 60_000 + 1);
    expect((await withdraw(user, '10')).status).toBe(200);
    await expectBalanced(m.t.app, m.admin);
  });
});
