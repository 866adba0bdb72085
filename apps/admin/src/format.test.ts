import { describe, expect, it } from 'vitest';
import { amount, country } from './format.ts';

describe('console formats', () => {
  it('names a stored ISO country and keeps older free text', () => {
    expect(country('JP')).toBe('Japan (JP)');
    expect(country('Japan')).toBe('Japan');
    expect(country(null)).toBe('—');
  });
  it('trims an amount without a float', () => {
    expect(amount('150.000000')).toBe('150');
    expect(amount('0.123456789012345678')).toBe('0.123456789012345678');
  });
});
