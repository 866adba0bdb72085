import { describe, expect, it } from 'vitest';
import { Decimal, floorTo, formatAmount } from './index.ts';

describe('floorTo', () => {
  it('never rounds up, and floors losses towards minus infinity', () => {
    expect(floorTo('1.23456789', 4)).toBe('1.2345');
    expect(floorTo('0.99999999', 2)).toBe('0.99');
    expect(floorTo('-1.231', 2)).toBe('-1.24');
    expect(floorTo('5', 3)).toBe('5.000');
  });

  it('keeps all 36 digits of a stored amount through arithmetic', () => {
    expect(new Decimal('100.123456789012345678').plus('-100.123456789012345676').toFixed()).toBe(
      '0.000000000000000002',
    );
    expect(new Decimal('123456789012345678.123456789012345678').times(1).toFixed()).toBe(
      '123456789012345678.123456789012345678',
    );
  });

  it('keeps digits a float would lose', () => {
    expect(floorTo('123456789012345678.123456789012345678', 18)).toBe(
      '123456789012345678.123456789012345678',
    );
    expect(floorTo('0.1', 1)).toBe('0.1');
  });
});

describe('formatAmount', () => {
  it('groups and punctuates for the locale without rounding', () => {
    expect(formatAmount('1234567.899', 2, 'en-US')).toBe('1,234,567.89');
    expect(formatAmount('1234567.899', 2, 'es-ES')).toBe('1.234.567,89');
    expect(formatAmount('99999999999999999.99', 2, 'en-US')).toBe('99,999,999,999,999,999.99');
  });

  it('shows -- for what is not a number', () => {
    expect(formatAmount('abc', 2, 'en-US')).toBe('--');
    expect(formatAmount('', 2, 'en-US')).toBe('--');
  });
});
