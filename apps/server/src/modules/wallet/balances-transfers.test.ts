import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { noPrices, usdtValue } from '../coins/prices.ts';
import { moneySuite } from './money-kit.ts';
import { auth, balances, deposit, expectBalanced, seedUser } from './test-kit.ts';

const m = moneySuite();
const { move, funded } = m;

describe('wallet', () => {
  it('lists every coin in every sub-account, zero balances included, valued at recorded prices', async () => {
    const user = await seedUser(m.t);
    await deposit(m.t.app, user, m.admin, '12.5');
    await deposit(m.t.app, user, m.admin, '0.002', { id: 1, network: 'OMNI' });
    await deposit(m.t.app, user, m.admin, '3', { id: 2, network: 'ERC20' });
    const { body } = await call(m.t.app, 'POST', 'wallet/list', {}, auth(user.token));
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
    await expectBalanced(m.t.app, m.admin);
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
    expect(await balances(m.t.app, user.token)).toEqual({
      currency: { available: '69.5000', frozen: '0.0000' },
      options: { available: '30.0000', frozen: '0.0000' },
      contract: { available: '0.0000', frozen: '0.0000' },
      trust: { available: '0.5000', frozen: '0.0000' },
    });
    const history = (
      await call(m.t.app, 'GET', 'wallet/hzhistory', { limit: '1' }, auth(user.token))
    ).body.message;
    expect(history).toMatchObject({
      total: 2,
      page: 1,
      list: [{ from: 'options', to: 'trust', currency_id: 3, name: 'USDT', number: '0.5000' }],
    });
    const records = (await call(m.t.app, 'POST', 'wallet/legal_log', {}, auth(user.token))).body
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
      await call(m.t.app, 'POST', 'wallet/legal_log', { type: 'deposit' }, auth(user.token))
    ).body.message;
    expect(onlyDeposits).toMatchObject({
      total: 1,
      list: [{ type: 'deposit', ref_type: 'deposit', amount: '100.0000' }],
    });
    await expectBalanced(m.t.app, m.admin);
  });

  it('lets 100 concurrent transfers through exactly as far as the balance goes', async () => {
    const user = await funded('50');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => move(user, { number: '1' })),
    );
    const codes = results.map((r) => (r.status === 200 ? 'ok' : r.body.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(50);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'INSUFFICIENT_BALANCE')).toBe(true);
    const b = await balances(m.t.app, user.token);
    expect([b.currency!.available, b.options!.available]).toEqual(['0.0000', '50.0000']);
    expect(
      (await call(m.t.app, 'GET', 'wallet/hzhistory', {}, auth(user.token))).body.message.total,
    ).toBe(50);
    await expectBalanced(m.t.app, m.admin);
  });
});
