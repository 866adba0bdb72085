import { describe, expect, it } from 'vitest';
import { outcome, payout } from './outcome.ts';

describe('option outcome', () => {
  it('call wins above, put below, even on equal at the symbol precision', () => {
    expect(outcome('call', '100.00', '100.01', 2)).toBe('win');
    expect(outcome('call', '100.00', '99.99', 2)).toBe('lose');
    expect(outcome('put', '100.00', '99.99', 2)).toBe('win');
    expect(outcome('put', '100.00', '100.01', 2)).toBe('lose');
    expect(outcome('even', '100.00', '100.00', 2)).toBe('win');
    expect(outcome('even', '100.00', '100.01', 2)).toBe('lose');
    // Beyond the precision the prices are equal.
    expect(outcome('even', '100.001', '100.009', 2)).toBe('win');
    expect(outcome('call', '100.001', '100.009', 2)).toBe('refund');
    expect(outcome('put', '100.00', '100', 2)).toBe('refund');
  });

  it('a win pays stake × (1 + rate) floored to the coin; a refund returns the stake', () => {
    expect(payout('win', '10', '0.8', 4).paid.toFixed()).toBe('18');
    const win = payout('win', '10.0001', '0.82', 4);
    expect(win.paid.toFixed()).toBe('18.2001'); // 18.200182 floored
    expect(win.profit.toFixed()).toBe('8.2');
    expect(payout('refund', '10', '0.8', 4).paid.toFixed()).toBe('10');
    expect(payout('lose', '10', '0.8', 4).profit.toFixed()).toBe('-10');
  });
});
