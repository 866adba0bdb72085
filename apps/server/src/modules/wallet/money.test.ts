import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { call } from '../../test/harness.ts';
import { isValidAddress } from '../address/formats.ts';
import { CARD, cardProof } from '../bank/test-kit.ts';
import { noPrices, usdtValue } from './prices.ts';
import {
  adminToken,
  auth,
  balances,
  deposit,
  expectBalanced,
  moneyApp,
  PAY,
  seedAddress,
  seedUser,
  upload,
  type MoneyApp,
  type TestUser,
} from './test-kit.ts';

let t: MoneyApp;
let admin: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const move = (
  user: TestUser,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  call(
    t.app,
    'POST',
    'wallet/change',
    { from: 'currency', to: 'options', currency_id: '3', ...fields },
    auth(user.token, headers),
  );

/** A KYC-verified user with a fund password, a TRC20 address and `amount` USDT deposited. */
async function funded(amount: string) {
  const user = await seedUser(t, { kyc: true, pay: true });
  const addressId = await seedAddress(t, user.id);
  if (amount !== '0') await deposit(t.app, user, admin, amount);
  return { ...user, addressId };
}

const withdraw = (
  user: TestUser & { addressId: number },
  number: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: '3', address_id: String(user.addressId), number, pay_password: PAY, ...extra },
    auth(user.token, headers),
  );

describe('wallet', () => {
  it('lists every coin in every sub-account, zero balances included, valued at recorded prices', async () => {
    const user = await seedUser(t);
    await deposit(t.app, user, admin, '12.5');
    await deposit(t.app, user, admin, '0.002', { id: 1, network: 'OMNI' });
    await deposit(t.app, user, admin, '3', { id: 2, network: 'ERC20' });
    const { body } = await call(t.app, 'POST', 'wallet/list', {}, auth(user.token));
    for (const sub of ['currency', 'options', 'contract', 'trust']) {
      expect(body.message[sub]).toHaveLength(12);
      expect(body.message[sub][0]).toEqual({
        currency_id: 1,
        name: 'BTC',
        available: sub === 'currency' ? '0.00200000' : '0.00000000',
        frozen: '0.00000000',
        // 0.002 BTC at the recorded 65000.5, floored to USDT's 4 decimals.
        usdt_value: sub === 'currency' ? '130.0010' : '0.0000',
      });
    }
    const usdt = body.message.currency.find((c: { name: string }) => c.name === 'USDT');
    expect(usdt).toEqual({
      currency_id: 3,
      name: 'USDT',
      available: '12.5000',
      frozen: '0.0000',
      usdt_value: '12.5000',
    });
    // No price recorded for ETH: its value is "0", never a made-up one.
    const eth = body.message.currency.find((c: { name: string }) => c.name === 'ETH');
    expect(eth).toMatchObject({ available: '3.000000', usdt_value: '0' });
    await expectBalanced(t.app, admin);
  });

  it('values other coins only at a recorded price, never an invented one', () => {
    const prices = {
      last: (s: string) => (s === 'BTCUSDT' ? { price: '65000.5', time: 1 } : null),
    };
    expect(usdtValue('BTC', '0.002', prices, 4)).toBe('130.0010');
    expect(usdtValue('ETH', '3', prices, 4)).toBe('0');
    expect(usdtValue('USDT', '1.23456', prices, 4)).toBe('1.2345');
    expect(usdtValue('USDT', '1.23456', noPrices, 4)).toBe('1.2345');
  });

  it('checks a transfer: accounts, coin, amount, decimals, balance', async () => {
    const user = await funded('100');
    const cases: [Record<string, string>, string, string?][] = [
      [{ from: 'savings' }, 'ACCOUNT_TYPE_INVALID'],
      [
        { to: 'currency', number: '1' },
        'TRANSFER_SAME_ACCOUNT',
        'Please choose two different accounts',
      ],
      [{ currency_id: '99', number: '1' }, 'CURRENCY_INVALID'],
      [{}, 'AMOUNT_REQUIRED'],
      [{ number: 'abc' }, 'AMOUNT_INVALID'],
      [{ number: '0' }, 'AMOUNT_INVALID'],
      [{ number: '-5' }, 'AMOUNT_INVALID'],
      [{ number: '1e3' }, 'AMOUNT_INVALID'],
      [{ number: '1.00001' }, 'AMOUNT_PRECISION', 'At most 4 decimal places'],
      [{ number: '100.0001' }, 'INSUFFICIENT_BALANCE', 'Insufficient balance'],
    ];
    for (const [fields, code, message] of cases) {
      const { body } = await move(user, fields);
      expect(body.code).toBe(code);
      if (message) expect(body.message).toBe(message);
    }
    expect((await move(user, { number: '30.5' })).body).toEqual({ type: 'ok', message: {} });
    expect((await move(user, { from: 'options', to: 'trust', number: '0.5' })).status).toBe(200);
    expect(await balances(t.app, user.token)).toEqual({
      currency: { available: '69.5000', frozen: '0.0000' },
      options: { available: '30.0000', frozen: '0.0000' },
      contract: { available: '0.0000', frozen: '0.0000' },
      trust: { available: '0.5000', frozen: '0.0000' },
    });
    const history = (await call(t.app, 'GET', 'wallet/hzhistory', { limit: '1' }, auth(user.token)))
      .body.message;
    expect(history).toMatchObject({
      total: 2,
      page: 1,
      list: [{ from: 'options', to: 'trust', currency_id: 3, name: 'USDT', number: '0.5000' }],
    });
    const records = (await call(t.app, 'POST', 'wallet/legal_log', {}, auth(user.token))).body
      .message;
    expect(records.total).toBe(5);
    expect(
      records.list.map((r: { type: string; account: string; amount: string }) => [
        r.type,
        r.account,
        r.amount,
      ]),
    ).toEqual([
      ['transfer', 'trust', '0.5000'],
      ['transfer', 'options', '-0.5000'],
      ['transfer', 'options', '30.5000'],
      ['transfer', 'currency', '-30.5000'],
      ['deposit', 'currency', '100.0000'],
    ]);
    const onlyDeposits = (
      await call(t.app, 'POST', 'wallet/legal_log', { type: 'deposit' }, auth(user.token))
    ).body.message;
    expect(onlyDeposits).toMatchObject({
      total: 1,
      list: [{ type: 'deposit', ref_type: 'deposit', amount: '100.0000' }],
    });
    await expectBalanced(t.app, admin);
  });

  it('lets 100 concurrent transfers through exactly as far as the balance goes', async () => {
    const user = await funded('50');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => move(user, { number: '1' })),
    );
    const codes = results.map((r) => (r.status === 200 ? 'ok' : r.body.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(50);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'INSUFFICIENT_BALANCE')).toBe(true);
    const b = await balances(t.app, user.token);
    expect([b.currency!.available, b.options!.available]).toEqual(['0.0000', '50.0000']);
    expect(
      (await call(t.app, 'GET', 'wallet/hzhistory', {}, auth(user.token))).body.message.total,
    ).toBe(50);
    await expectBalanced(t.app, admin);
  });
});

describe('Idempotency-Key', () => {
  it('does a transfer once per key and user, even when the twin comes concurrently', async () => {
    const user = await funded('20');
    const key = { 'idempotency-key': 'transfer-1' };
    expect((await move(user, { number: '2' }, key)).body).toEqual({ type: 'ok', message: {} });
    expect((await move(user, { number: '2' }, key)).body).toEqual({ type: 'ok', message: {} });
    const twins = await Promise.all(
      Array.from({ length: 5 }, () =>
        move(user, { number: '3' }, { 'idempotency-key': 'transfer-2' }),
      ),
    );
    expect(twins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balances(t.app, user.token)).options!.available).toBe('5.0000');
    // The same key for another request is refused; another user's key is theirs alone.
    const reused = await move(user, { number: '4' }, key);
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const other = await funded('10');
    expect((await move(other, { number: '2' }, key)).status).toBe(200);
    expect((await balances(t.app, other.token)).options!.available).toBe('2.0000');
    // A failed request records nothing: the same key works once the balance is there.
    const short = await move(user, { number: '16' }, { 'idempotency-key': 'transfer-3' });
    expect(short.body.code).toBe('INSUFFICIENT_BALANCE');
    await deposit(t.app, user, admin, '1');
    expect((await move(user, { number: '16' }, { 'idempotency-key': 'transfer-3' })).status).toBe(
      200,
    );
    expect(
      (await move(user, { number: '1' }, { 'idempotency-key': ' '.repeat(3) })).body.code,
    ).toBe('VALIDATION');
    await expectBalanced(t.app, admin);
  });

  it('returns the first deposit and withdrawal for a repeated key', async () => {
    const user = await funded('100');
    const voucher = await upload(t.app, user.token);
    const form = { currency_id: '3', network: 'TRC20', number: '5', voucher };
    const key = { 'idempotency-key': 'dep-1' };
    const first = await call(t.app, 'POST', 'wallet/charge_req', form, auth(user.token, key));
    const again = await call(t.app, 'POST', 'wallet/charge_req', form, auth(user.token, key));
    expect(again.body).toEqual(first.body);
    expect(
      (await call(t.app, 'GET', 'charge_mention/log2', {}, auth(user.token))).body.message.total,
    ).toBe(2);
    const out = await Promise.all(
      [1, 2, 3].map(() => withdraw(user, '10', {}, { 'idempotency-key': 'out-1' })),
    );
    expect(new Set(out.map((r) => r.body.message.id)).size).toBe(1);
    expect(out[0]!.body.message).toMatchObject({
      status: 'review',
      fee: '1.0000',
      receive: '9.0000',
    });
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '90.0000',
      frozen: '10.0000',
    });
    await expectBalanced(t.app, admin);
  });
});

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

describe('withdrawals', () => {
  it('gives each missing prerequisite its own code', async () => {
    const ready = await funded('30');
    const form = { currency_id: '3', number: '20', pay_password: PAY };
    const noKyc = await seedUser(t, { pay: true });
    const noPay = await seedUser(t, { kyc: true });
    const noAddress = await seedUser(t, { kyc: true, pay: true });
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
        t.app,
        'POST',
        'wallet/out',
        { ...form, ...change },
        auth(user.token),
      );
      expect([code, body]).toEqual([code, { type: 'error', code, message }]);
    }
    expect((await balances(t.app, ready.token)).currency).toEqual({
      available: '30.0000',
      frozen: '0.0000',
    });
    await expectBalanced(t.app, admin);
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
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '65.0000',
      frozen: '35.0000',
    });

    const item = (
      await call(t.app, 'GET', 'admin/withdrawals', {}, auth(admin))
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
    await call(t.app, 'POST', `admin/withdrawals/${first.id}/pass`, {}, auth(admin));
    await call(
      t.app,
      'POST',
      `admin/withdrawals/${second.id}/reject`,
      { reason: 'Address flagged' },
      auth(admin),
    );
    expect(
      (
        await call(
          t.app,
          'POST',
          `admin/withdrawals/${first.id}/reject`,
          { reason: 'late' },
          auth(admin),
        )
      ).status,
    ).toBe(409);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '75.0000',
      frozen: '0.0000',
    });

    const log = (await call(t.app, 'GET', 'charge_mention/log3', {}, me)).body.message;
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
    const fees = (await call(t.app, 'POST', 'wallet/legal_log', { type: 'withdraw_fee' }, me)).body
      .message.list;
    expect(fees).toMatchObject([{ bucket: 'frozen', amount: '-1.0000', ref_id: first.id }]);
    const audit = (await call(t.app, 'GET', 'admin/audit', {}, auth(admin))).body.message.list;
    expect(audit[0]).toMatchObject({
      admin: 'admin@demo.local',
      action: 'withdrawal.reject',
      target: `withdrawal:${second.id}`,
      before: 'review',
      after: 'rejected',
      reason: 'Address flagged',
    });
    await expectBalanced(t.app, admin);
  });

  it('allows 3 requests per UTC day', async () => {
    const user = await funded('100');
    const midnight = new Date(t.clock.now());
    midnight.setUTCHours(24, 0, 0, 0);
    t.clock.advance(midnight.getTime() - t.clock.now().getTime() - 60_000);
    // Up to a day may have passed, longer than an operator session lasts: log in again.
    admin = await adminToken(t);
    for (let i = 0; i < 3; i++) expect((await withdraw(user, '10')).status).toBe(200);
    const fourth = await withdraw(user, '10');
    expect(fourth).toMatchObject({
      status: 429,
      body: { code: 'WITHDRAW_DAILY_LIMIT', message: 'You can make at most 3 withdrawals a day' },
    });
    const detail = await call(
      t.app,
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
    t.clock.advance(60_001);
    expect((await withdraw(user, '10')).status).toBe(200);
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '60.0000',
      frozen: '40.0000',
    });
    await expectBalanced(t.app, admin);
  });

  it('pays out to a bound bank card in the bank currency', async () => {
    const user = await funded('50');
    const card = CARD;
    const bankId = String(
      (
        await call(
          t.app,
          'POST',
          'user/cash_save',
          { ...card, ...(await cardProof(t, user.email)) },
          auth(user.token),
        )
      ).body.message.id,
    );
    const out = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', bank_id: bankId, number: '20', pay_password: PAY },
      auth(user.token),
    );
    expect(out.body.message).toMatchObject({ status: 'review', receive: '19.0000' });
    const btc = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '1', bank_id: bankId, number: '1', pay_password: PAY },
      auth(user.token),
    );
    expect(btc.body.code).toBe('NETWORK_INVALID');
    const item = (
      await call(t.app, 'GET', 'admin/withdrawals', { status: 'all' }, auth(admin))
    ).body.message.list.find((w: { id: number }) => w.id === out.body.message.id);
    expect(item).toMatchObject({
      network: 'BANK',
      address: 'HSBC Hong Kong **** 1234',
      bank: { card_number: '4111 1111 1111 1234', swift_code: 'HSBCHKHH' },
    });
    await call(t.app, 'POST', `admin/withdrawals/${item.id}/pass`, {}, auth(admin));
    expect((await balances(t.app, user.token)).currency).toEqual({
      available: '30.0000',
      frozen: '0.0000',
    });
    await expectBalanced(t.app, admin);
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
    t.clock.advance(15 * 60_000 + 1);
    expect((await withdraw(user, '10')).status).toBe(200);
    await expectBalanced(t.app, admin);
  });
});

describe('frozen accounts and privacy', () => {
  it('lets a frozen user read but not move money, by an audited operator action', async () => {
    const user = await funded('50');
    const voucher = await upload(t.app, user.token);
    const freeze = await call(
      t.app,
      'POST',
      `admin/users/${user.id}/freeze`,
      { reason: 'Chargeback' },
      auth(admin),
    );
    expect(freeze.body.message).toEqual({ id: user.id, frozen: true });
    const me = auth(user.token);
    for (const [path, fields] of [
      ['wallet/change', { from: 'currency', to: 'options', currency_id: '3', number: '1' }],
      ['wallet/charge_req', { currency_id: '3', network: 'TRC20', number: '5', voucher }],
      [
        'wallet/out',
        { currency_id: '3', address_id: String(user.addressId), number: '10', pay_password: PAY },
      ],
    ] as const) {
      const { status, body } = await call(t.app, 'POST', path, fields, me);
      expect([path, status, body.code]).toEqual([path, 403, 'ACCOUNT_FROZEN']);
    }
    expect((await call(t.app, 'POST', 'wallet/list', {}, me)).status).toBe(200);
    expect((await call(t.app, 'GET', 'charge_mention/log2', {}, me)).status).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, me)).status).toBe(200);
    await call(t.app, 'POST', `admin/users/${user.id}/unfreeze`, {}, auth(admin));
    expect((await move(user, { number: '1' })).status).toBe(200);
    const [row] = await t.db
      .select({ frozen: users.frozen })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.frozen).toBe(false);
    const audit = (await call(t.app, 'GET', 'admin/audit', { limit: '2' }, auth(admin))).body
      .message.list;
    expect(
      audit.map((a: { action: string; before: string; after: string }) => [
        a.action,
        a.before,
        a.after,
      ]),
    ).toEqual([
      ['user.unfreeze', 'frozen', 'active'],
      ['user.freeze', 'active', 'frozen'],
    ]);
    await expectBalanced(t.app, admin);
  });

  it("keeps each user's records, addresses, uploads, cards and withdrawals to themselves", async () => {
    const alice = await funded('100');
    const bob = await funded('100');
    const a = auth(alice.token);
    const b = auth(bob.token);
    await move(alice, { number: '5' });
    const aliceOut = (await withdraw(alice, '10')).body.message;
    const aliceVoucher = await upload(t.app, alice.token);
    const aliceCard = (
      await call(
        t.app,
        'POST',
        'user/cash_save',
        {
          name: 'Alice',
          card_number: '1',
          depositary_bank: 'x',
          branch: 'x',
          bank_name: 'x',
          bank_address: 'x',
          swift_code: 'x',
          payee_address: 'x',
          zip_code: 'x',
          ...(await cardProof(t, alice.email)),
        },
        a,
      )
    ).body.message.id;
    const seen = async (path: string, method: 'GET' | 'POST' = 'GET') =>
      (await call(t.app, method, path, {}, b)).body.message;
    expect(
      (await seen('charge_mention/log2')).list.every((d: { id: number }) => d.id !== aliceOut.id),
    ).toBe(true);
    expect((await seen('charge_mention/log3')).total).toBe(0);
    expect((await seen('wallet/hzhistory')).total).toBe(0);
    expect((await seen('wallet/legal_log', 'POST')).total).toBe(1);
    expect(
      (await seen('wallet/get_address', 'POST')).list.map((x: { id: number }) => x.id),
    ).toEqual([bob.addressId]);
    expect((await seen('user/cash_info', 'POST')).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: aliceVoucher, headers: b })).statusCode).toBe(
      404,
    );
    const useVoucher = await call(
      t.app,
      'POST',
      'wallet/charge_req',
      { currency_id: '3', network: 'TRC20', number: '5', voucher: aliceVoucher },
      b,
    );
    expect(useVoucher.body.code).toBe('UPLOAD_INVALID');
    const useAddress = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(alice.addressId), number: '10', pay_password: PAY },
      b,
    );
    expect(useAddress.body.code).toBe('NOT_FOUND');
    const useCard = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', bank_id: String(aliceCard), number: '10', pay_password: PAY },
      b,
    );
    expect(useCard.body.code).toBe('NOT_FOUND');
    // Deciding a withdrawal is an operator action: a user's token is not an operator token.
    expect(
      (await call(t.app, 'POST', `admin/withdrawals/${aliceOut.id}/reject`, { reason: 'x' }, b))
        .status,
    ).toBe(401);
    expect((await balances(t.app, alice.token)).currency).toEqual({
      available: '85.0000',
      frozen: '10.0000',
    });
    expect((await balances(t.app, bob.token)).currency).toEqual({
      available: '100.0000',
      frozen: '0.0000',
    });
    await expectBalanced(t.app, admin);
  });
});
