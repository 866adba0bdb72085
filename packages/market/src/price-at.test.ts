import { describe, expect, it } from 'vitest';
import { priceAt } from './price-at.ts';

const series = [
  { time: 1000, price: '10.00' },
  { time: 2000, price: '11.00' },
  { time: 2000, price: '11.50' },
  { time: 5000, price: '9.75' },
];

describe('priceAt', () => {
  it('is null before the first point and for an empty series', () => {
    expect(priceAt(series, 999)).toBeNull();
    expect(priceAt([], 1000)).toBeNull();
  });

  it('returns the point at exactly the time (the last one when times repeat)', () => {
    expect(priceAt(series, 1000)).toEqual({ time: 1000, price: '10.00' });
    expect(priceAt(series, 2000)).toEqual({ time: 2000, price: '11.50' });
  });

  it('returns the last point before a time between points, and the last one after the end', () => {
    expect(priceAt(series, 4999)?.price).toBe('11.50');
    expect(priceAt(series, 1_000_000)?.price).toBe('9.75');
  });

  it('agrees with a linear scan on a long series', () => {
    const long = Array.from({ length: 1000 }, (_, i) => ({ time: i * 7, price: String(i) }));
    for (const t of [-1, 0, 6, 7, 8, 3500, 6993, 6994, 10_000]) {
      const expected = long.filter((p) => p.time <= t).at(-1) ?? null;
      expect(priceAt(long, t)).toBe(expected);
    }
  });
});
