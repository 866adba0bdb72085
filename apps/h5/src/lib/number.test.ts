import { describe, expect, it } from 'vitest';
import { floorFormat, formatDecimal, formatPercent } from './number.ts';

describe('floorFormat', () => {
  it('floors instead of rounding', () => {
    expect(floorFormat('1.23456789', 4, 'en')).toBe('1.2345');
    expect(floorFormat('0.99999999', 2, 'en')).toBe('0.99');
    expect(floorFormat('1.9', 0, 'en')).toBe('1');
  });

  it('pads to the given decimals', () => {
    expect(floorFormat('0.1', 8, 'en')).toBe('0.10000000');
    expect(floorFormat('5', 2, 'en')).toBe('5.00');
  });

  it('floors negatives towards minus infinity', () => {
    expect(floorFormat('-1.23456', 4, 'en')).toBe('-1.2346');
    expect(floorFormat('-0.00001', 4, 'en')).toBe('-0.0001');
    expect(floorFormat('-9.99999', 2, 'en')).toBe('-10.00');
    expect(floorFormat('-0.00000', 4, 'en')).toBe('0.0000');
  });

  it('keeps digits a float would lose', () => {
    expect(floorFormat('12345678901234567890.123456789', 9, 'en')).toBe(
      '12,345,678,901,234,567,890.123456789',
    );
  });

  it('reads exponent notation', () => {
    expect(floorFormat('1e-7', 8, 'en')).toBe('0.00000010');
    expect(floorFormat('1.5e3', 1, 'en')).toBe('1,500.0');
    expect(floorFormat(0.000001, 6, 'en')).toBe('0.000001');
  });

  it('writes separators of the locale', () => {
    expect(floorFormat('1234567.891', 2, 'en')).toBe('1,234,567.89');
    expect(floorFormat('1234567.891', 2, 'zh')).toBe('1,234,567.89');
    expect(floorFormat('1234567.891', 2, 'esp')).toBe('1.234.567,89');
    expect(floorFormat('1234.5', 2, 'esp')).toBe('1234,50');
    expect(floorFormat('1234.5', 2, 'en')).toBe('1,234.50');
    expect(floorFormat('1234567.891', 2, 'en', { group: false })).toBe('1234567.89');
  });

  it('groups thousands in every language as that language does', () => {
    const amount = '1234567.891';
    expect(floorFormat(amount, 2, 'hk')).toBe('1,234,567.89');
    expect(floorFormat(amount, 2, 'jp')).toBe('1,234,567.89');
    expect(floorFormat(amount, 2, 'kr')).toBe('1,234,567.89');
    expect(floorFormat(amount, 2, 'th')).toBe('1,234,567.89');
  });

  it('shows a dash pair for what is not a number', () => {
    expect(floorFormat('', 2, 'en')).toBe('--');
    expect(floorFormat('abc', 2, 'en')).toBe('--');
    expect(floorFormat('.', 2, 'en')).toBe('--');
    expect(floorFormat('NaN', 2, 'en')).toBe('--');
  });

  it('accepts a leading dot or plus', () => {
    expect(floorFormat('.5', 2, 'en')).toBe('0.50');
    expect(floorFormat('+3.14159', 3, 'en')).toBe('3.141');
  });
});

describe('formatDecimal', () => {
  it('keeps the places an amount has, grouped for the language', () => {
    expect(formatDecimal('12.5', 'en')).toBe('12.5');
    expect(formatDecimal('12.5', 'esp')).toBe('12,5');
    expect(formatDecimal('1000', 'en')).toBe('1,000');
    expect(formatDecimal('0.00000001', 'zh')).toBe('0.00000001');
    expect(formatDecimal('98765432109876543.21', 'kr')).toBe('98,765,432,109,876,543.21');
  });

  it('shows a dash pair for what is not a number', () => {
    expect(formatDecimal('', 'en')).toBe('--');
  });
});

describe('formatPercent', () => {
  it('writes a rate as a percentage without padding zeros', () => {
    expect(formatPercent('0.004', 'en')).toBe('0.4%');
    expect(formatPercent('0.2', 'zh')).toBe('20%');
    expect(formatPercent('0.0012', 'jp')).toBe('0.12%');
  });

  it('punctuates for the language', () => {
    expect(formatPercent('0.0045', 'esp')).toBe('0,45\u00a0%');
    expect(formatPercent('12.5', 'esp')).toBe('1250\u00a0%');
    expect(formatPercent('125', 'en')).toBe('12,500%');
  });

  it('cuts towards zero instead of rounding, and pads when asked', () => {
    expect(formatPercent('0.123456789', 'en')).toBe('12.3456%');
    expect(formatPercent('0.33339', 'en', 2, true)).toBe('33.33%');
    expect(formatPercent('1', 'en', 2, true)).toBe('100.00%');
    expect(formatPercent('-0.125', 'en', 2, true)).toBe('-12.50%');
    expect(formatPercent('-0.123456', 'en', 2)).toBe('-12.34%');
  });

  it('keeps digits a float would lose', () => {
    expect(formatPercent('0.1234567890123456789', 'en', 16)).toBe('12.3456789012345678%');
  });

  it('shows a dash pair for what is not a number', () => {
    expect(formatPercent('abc', 'en')).toBe('--');
  });
});
