import { describe, expect, it } from 'vitest';
import {
  dailyLeft,
  below,
  exceeds,
  inputAmount,
  isPositiveAmount,
  receiveOf,
  sanitizeAmount,
  sumAmounts,
} from './amount.ts';

describe('sanitizeAmount', () => {
  it('keeps digits and one point, up to the coin decimals', () => {
    expect(sanitizeAmount('12.345678', 4)).toBe('12.3456');
    expect(sanitizeAmount('1.2.3', 8)).toBe('1.23');
    expect(sanitizeAmount('abc1x2', 2)).toBe('12');
    expect(sanitizeAmount('0,5', 2)).toBe('0.5');
    expect(sanitizeAmount('.5', 2)).toBe('0.5');
    expect(sanitizeAmount('007', 2)).toBe('7');
    expect(sanitizeAmount('0.', 2)).toBe('0.');
    expect(sanitizeAmount('3.9', 0)).toBe('3');
    expect(sanitizeAmount('', 2)).toBe('');
  });
});

describe('comparisons and sums', () => {
  it('compares as decimals', () => {
    expect(exceeds('0.30000000000000000001', '0.3')).toBe(true);
    expect(exceeds('0.3', '0.3')).toBe(false);
    expect(exceeds('x', '1')).toBe(false);
    expect(below('9.99', '10')).toBe(true);
    expect(below('10', '10')).toBe(false);
  });

  it('tells positive amounts', () => {
    expect(isPositiveAmount('0.001')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.')).toBe(false);
    expect(isPositiveAmount('')).toBe(false);
  });

  it('adds without float error', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1', 'x', '2.5'])).toBe('3.5');
    expect(sumAmounts([])).toBe('0');
  });
});

describe('receiveOf', () => {
  it('is the amount less the fee, floored', () => {
    expect(receiveOf('10.3', '1', 2)).toBe('9.30');
    expect(receiveOf('0.3', '0.1', 8)).toBe('0.20000000');
    expect(receiveOf('1', '1', 2)).toBeNull();
    expect(receiveOf('', '1', 2)).toBeNull();
  });
});

describe('inputAmount', () => {
  it('writes a balance for the amount field', () => {
    expect(inputAmount('12.50000000', 8)).toBe('12.5');
    expect(inputAmount('0.00000000', 8)).toBe('');
    expect(inputAmount('1.239', 2)).toBe('1.23');
  });
});

describe('dailyLeft', () => {
  it('is what remains of the limit, never below zero, and null without a limit', () => {
    expect(dailyLeft('100', '90')).toBe('10');
    expect(dailyLeft('100.5', '0')).toBe('100.5');
    expect(dailyLeft('100', '120')).toBe('0');
    expect(dailyLeft(null, '10')).toBeNull();
  });
});
