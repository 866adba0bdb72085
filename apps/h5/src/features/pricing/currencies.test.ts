import { describe, expect, it } from 'vitest';
import { convertUsd, rateOf } from './currencies.ts';

const quotes = [
  { symbol: 'USDCNH', price: '7.24513' },
  { symbol: 'EURUSD', price: '1.08545' },
  { symbol: 'USDJPY', price: '151.234' },
  { symbol: 'GBPUSD', price: null },
];

describe('rateOf', () => {
  it('takes USD/xxx quotes as they are and inverts xxx/USD', () => {
    expect(rateOf('USD', [])).toBe('1');
    expect(rateOf('CNY', quotes)).toBe('7.24513');
    expect(rateOf('JPY', quotes)).toBe('151.234');
    expect(rateOf('EUR', quotes)).toBe('0.9212768897');
  });

  it('has no rate where the market quotes none', () => {
    expect(rateOf('KRW', quotes)).toBeNull();
    expect(rateOf('HKD', quotes)).toBeNull();
    expect(rateOf('CNY', [{ symbol: 'USDCNH', price: null }])).toBeNull();
  });
});

describe('convertUsd', () => {
  it('multiplies exactly and floors', () => {
    expect(convertUsd('64213.52', '7.24513', 2)).toBe('465235.30');
    expect(convertUsd('0.1', '3', 2)).toBe('0.30');
    expect(convertUsd('100', '151.234', 0)).toBe('15123');
    expect(convertUsd('abc', '1', 2)).toBe('--');
  });
});
