import { describe, expect, it } from 'vitest';
import { countdown, expectedPayout, percent, periodLabel } from './calc.ts';

describe('option figures', () => {
  it('expects stake × (1 + rate), floored to the coin', () => {
    expect(expectedPayout('10', '0.8', 4)).toBe('18.0000');
    expect(expectedPayout('10.0001', '0.82', 4)).toBe('18.2001');
    expect(expectedPayout('', '0.8', 4)).toBeNull();
    expect(expectedPayout('0', '0.8', 4)).toBeNull();
  });
  it('labels rates, periods and countdowns', () => {
    expect(percent('0.82')).toBe('82%');
    expect(periodLabel(30)).toBe('30s');
    expect(periodLabel(120)).toBe('2m');
    expect(periodLabel(90)).toBe('1m30s');
    expect(countdown(61_000, 0)).toBe('1:01');
    expect(countdown(0, 5_000)).toBe('0:00');
  });
});
