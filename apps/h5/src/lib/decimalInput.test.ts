import { describe, expect, it } from 'vitest';
import { sanitizeAmount } from '../features/wallet/amount.ts';
import { fromLocaleInput, separatorsOf, toLocaleInput } from './decimalInput.ts';

describe('number inputs in the language separators', () => {
  it('shows a plain decimal with the language decimal separator', () => {
    expect(separatorsOf('esp')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('en')).toEqual({ decimal: '.', group: ',' });
    expect(toLocaleInput('64273.16', 'esp')).toBe('64273,16');
    expect(toLocaleInput('64273.16', 'en')).toBe('64273.16');
    expect(toLocaleInput('64273.', 'esp')).toBe('64273,');
  });

  it('reads Spanish input: a point groups thousands, a comma is the decimal separator', () => {
    expect(fromLocaleInput('64.480,5', 'esp')).toBe('64480.5');
    expect(fromLocaleInput('64480,5', 'esp')).toBe('64480.5');
    expect(fromLocaleInput('1.234.567,25', 'esp')).toBe('1234567.25');
    expect(fromLocaleInput('64.480', 'esp')).toBe('64480');
    expect(fromLocaleInput('64,', 'esp')).toBe('64.');
    // A point that cannot group thousands is a decimal point (a keyboard without a comma).
    expect(fromLocaleInput('64480.5', 'esp')).toBe('64480.5');
    expect(fromLocaleInput('0.25', 'esp')).toBe('0.25');
  });

  it('reads English input: a comma groups thousands, a point is the decimal point', () => {
    expect(fromLocaleInput('64,480.5', 'en')).toBe('64480.5');
    expect(fromLocaleInput('64480.5', 'en')).toBe('64480.5');
    expect(fromLocaleInput('64,480', 'en')).toBe('64480');
    expect(fromLocaleInput('0,5', 'en')).toBe('0.5');
  });

  it('reaches the server as a plain decimal string', () => {
    expect(sanitizeAmount(fromLocaleInput('64.480,55', 'esp'), 2)).toBe('64480.55');
    expect(toLocaleInput(fromLocaleInput('64480,5', 'esp'), 'esp')).toBe('64480,5');
  });
});
