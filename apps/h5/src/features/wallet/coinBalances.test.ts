import { describe, expect, it } from 'vitest';
import { coinBalances, isSmall } from './coinBalances.ts';
import type { WalletList } from './types.ts';

const coin = (currency_id: number, name: string, available: string, usdt_value: string) => ({
  currency_id,
  name,
  available,
  frozen: '0',
  usdt_value,
});

describe('the coins of the assets tab', () => {
  it('adds each coin across the accounts, the largest value first', () => {
    const wallet = {
      currency: [
        coin(3, 'USDT', '100', '100'),
        coin(1, 'BTC', '0.5', '32000'),
        coin(2, 'ETH', '0', '0'),
      ],
      contract: [coin(3, 'USDT', '50.5', '50.5')],
      options: [],
      trust: [],
    } as unknown as WalletList;
    const coins = coinBalances(wallet);
    expect(coins.map((c) => [c.name, c.amount, c.usdtValue])).toEqual([
      ['BTC', '0.5', '32000'],
      ['USDT', '150.5', '150.5'],
      ['ETH', '0', '0'],
    ]);
  });

  it('calls small what is worth under 1 USDT or nothing; an unpriced coin held is not small', () => {
    const c = (amount: string, usdtValue: string) => ({
      currencyId: 1,
      name: 'X',
      amount,
      usdtValue,
    });
    expect(isSmall(c('0', '0'))).toBe(true);
    expect(isSmall(c('0.0001', '0.99'))).toBe(true);
    expect(isSmall(c('1', '1'))).toBe(false);
    expect(isSmall(c('5', '0'))).toBe(false);
  });
});
