import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { isValidAddress } from '../address/formats.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  moneyApp,
  seedUser,
  upload,
  type MoneyApp,
} from './test-kit.ts';

let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

describe('deposits', () => {
  it('shows a valid deposit address per coin and network, and the platform bank', async () => {
    const user = await seedUser(t);
    const me = auth(user.token);
    for (const [coin, network] of [
      [3, 'TRC20'],
      [3, 'OMNI'],
      [3, 'ERC20'],
      [1, 'OMNI'],
      [2, 'ERC20'],
    ] as const) {
      const { body } = await call(
        t.app,
        'POST',
        'wallet/get_in_address',
        { currency_id: String(coin), network: network.toLowerCase() },
        me,
      );
      expect(body.message).toMatchObject({ currency_id: coin, network });
      expect(isValidAddress(network, body.message.address)).toBe(true);
    }
    expect(
      (
        await call(
          t.app,
          'POST',
          'wallet/get_in_address',
          { currency_id: '1', network: 'TRC20' },
          me,
        )
      ).body.code,
    ).toBe('NETWORK_INVALID');
    expect(
      (
        await call(
          t.app,
          'POST',
          'wallet/get_in_address',
          { currency_id: '3', network: 'BANK' },
          me,
        )
      ).body.code,
    ).toBe('NETWORK_INVALID');
    expect(
      (
        await call(
          t.app,
          'POST',
          'wallet/get_in_address',
          { currency_id: '77', network: 'TRC20' },
          me,
        )
      ).body.code,
    ).toBe('CURRENCY_INVALID');
    const bank = (await call(t.app, 'POST', 'wallet/get_info', {}, me)).body.message;
    expect(bank).toMatchObject({ currency_id: 3, min: '1.0000' });
    expect(bank.account_number).toBeTruthy();
    await expectBalanced(t.app, admin);
  });

  it('checks a deposit report: coin, network, amount, minimum, voucher of your own', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const voucher = await upload(t.app, user.token);
    const theirs = await upload(t.app, other.token);
    const form = { currency_id: '3', network: 'TRC20', number: '5', voucher };
    const cases: [Record<string, string>, string, string?][] = [
      [{ currency_id: '' }, 'CURRENCY_INVALID'],
      [{ network: 'SOL' }, 'NETWORK_INVALID'],
      [{ number: '' }, 'AMOUNT_REQUIRED'],
      [{ number: '0.5' }, 'DEPOSIT_BELOW_MIN', 'The minimum deposit is 1 USDT'],
      [{ number: '1.23456' }, 'AMOUNT_PRECISION'],
      [{ voucher: '' }, 'VOUCHER_REQUIRED', 'Please upload the transfer voucher'],
      [{ voucher: theirs }, 'UPLOAD_INVALID'],
      [{ network: 'BANK', currency_id: '1', number: '1' }, 'NETWORK_INVALID'],
    ];
    for (const [change, code, message] of cases) {
      const { body } = await call(
        t.app,
        'POST',
        'wallet/charge_req',
        { ...form, ...change },
        auth(user.token),
      );
      expect(body.code).toBe(code);
      if (message) expect(body.message).toBe(message);
    }
    const es = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { ...form, number: '0.5' },
      auth(user.token, { lang: 'esp' }),
    );
    expect(es.body.message).toBe('El depósito mínimo es de 1 USDT');
    expect(
      (await call(t.app, 'GET', 'charge_mention/log2', {}, auth(user.token))).body.message.total,
    ).toBe(0);
    await expectBalanced(t.app, admin);
  });

  it('credits only when an operator passes, records rejections with their reason, decides once', async () => {
    const user = await seedUser(t);
    const me = auth(user.token);
    const voucher = await upload(t.app, user.token);
    const report = async (number: string, network = 'TRC20') =>
      (
        await call(
          t.app,
          'POST',
          'wallet/charge_req',
          { currency_id: '3', network, number, voucher },
          me,
        )
      ).body.message;
    const a = await report('40');
    expect(a).toEqual({ id: expect.any(Number), status: 'review' });
    const b = await report('25', 'BANK');
    expect((await balances(t.app, user.token)).currency!.available).toBe('0.0000');

    const queue = (await call(t.app, 'GET', 'admin/deposits', {}, auth(admin))).body.message.list;
    expect(queue.find((d: { id: number }) => d.id === b.id)).toMatchObject({
      user_id: user.id,
      status: 'review',
      network: 'BANK',
      number: '25.0000',
      voucher,
      account: user.email,
    });
    const rejected = await call(
      t.app,
      'POST',
      `admin/deposits/${a.id}/reject`,
      { reason: 'No such transfer on chain' },
      auth(admin),
    );
    expect(rejected.body.message).toMatchObject({
      status: 'rejected',
      reason: 'No such transfer on chain',
    });
    // Two operators at once: exactly one decision stands.
    const both = await Promise.all([
      call(t.app, 'POST', `admin/deposits/${b.id}/pass`, {}, auth(admin)),
      call(t.app, 'POST', `admin/deposits/${b.id}/pass`, {}, auth(admin)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await call(t.app, 'POST', `admin/deposits/${a.id}/pass`, {}, auth(admin))).body.code,
    ).toBe('ALREADY_DECIDED');
    expect((await call(t.app, 'POST', 'admin/deposits/999999/pass', {}, auth(admin))).status).toBe(
      404,
    );
    expect((await balances(t.app, user.token)).currency!.available).toBe('25.0000');
    const log = (await call(t.app, 'GET', 'charge_mention/log2', {}, me)).body.message;
    expect(
      log.list.map((d: { status: string; reason: string | null; number: string }) => [
        d.status,
        d.reason,
        d.number,
      ]),
    ).toEqual([
      ['passed', null, '25.0000'],
      ['rejected', 'No such transfer on chain', '40.0000'],
    ]);
    await expectBalanced(t.app, admin);
  });
});
