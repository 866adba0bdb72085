import { describe, expect, it } from 'vitest';
import { floorFormat } from './number.ts';

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
