import { describe, expect, it } from 'vitest';
import { fnv1a64, formatUnits, parseUnits, quoteOf, quoteScale } from './index.ts';

describe('units', () => {
  it.each([
    ['65000.12', 2, 6500012n],
    ['0.001', 6, 1000n],
    ['7', 3, 7000n],
    ['1.50', 1, 15n],
    ['-0.5', 2, -50n],
    ['0', 0, 0n],
  ] as const)('parses %s at scale %i', (text, scale, units) => {
    expect(parseUnits(text, scale)).toBe(units);
  });

  it.each(['1.234', '', 'abc', '1e3', '.5', '1.'])('refuses %j at scale 2', (text) => {
    expect(() => parseUnits(text, 2)).toThrow(RangeError);
  });

  it.each([
    [6500012n, 2, '65000.12'],
    [1000n, 6, '0.001000'],
    [5n, 3, '0.005'],
    [-50n, 2, '-0.50'],
    [42n, 0, '42'],
  ] as const)('formats %s at scale %i', (units, scale, text) => {
    expect(formatUnits(units, scale)).toBe(text);
    expect(parseUnits(text, scale)).toBe(units);
  });

  it('values a fill exactly at priceScale + amountScale', () => {
    // 0.001 BTC at 65000.12 USDT = 65.00012 USDT.
    const spec = { priceScale: 2, amountScale: 6 };
    const quote = quoteOf(parseUnits('65000.12', 2), parseUnits('0.001', 6));
    expect(formatUnits(quote, quoteScale(spec))).toBe('65.00012000');
  });
});

describe('fnv1a64', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('hashes %j like the published test vectors', (text, hash) => {
    expect(fnv1a64(new TextEncoder().encode(text))).toBe(hash);
  });
});
