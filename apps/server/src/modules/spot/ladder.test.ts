import { describe, expect, it } from 'vitest';
import type { PairSpec } from '@hx/engine';
import { ladder } from './ladder.ts';
import { DEFAULT_MAKER } from './market-maker.ts';

const BTC: PairSpec = { symbol: 'BTCUSDT', priceScale: 2, amountScale: 5, tick: 1n, step: 1n };
const XRP: PairSpec = { symbol: 'XRPUSDT', priceScale: 4, amountScale: 0, tick: 1n, step: 1n };

/** The book as two lists of [price, amount], best first. */
function sides(book: Map<string, bigint>) {
  const levels = [...book].map(([key, amount]) => {
    const [side, price] = key.split(':') as ['buy' | 'sell', string];
    return { side, price: BigInt(price), amount: Number(amount) };
  });
  const bids = levels.filter((l) => l.side === 'buy').sort((a, b) => Number(b.price - a.price));
  const asks = levels.filter((l) => l.side === 'sell').sort((a, b) => Number(a.price - b.price));
  return { bids, asks };
}

/** How far sizes are from the best straight line through them, relative to their mean. */
function offLine(sizes: number[]): number {
  const n = sizes.length;
  const xs = sizes.map((_, i) => i);
  const mx = (n - 1) / 2;
  const my = sizes.reduce((a, b) => a + b, 0) / n;
  const slope =
    xs.reduce((a, x, i) => a + (x - mx) * ((sizes[i] as number) - my), 0) /
    xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const residual = sizes.map((y, i) => y - (my + slope * (i - mx)));
  return Math.sqrt(residual.reduce((a, r) => a + r * r, 0) / n) / my;
}

const references = ['60000.00', '61234.56', '64213.52', '58777.77', '63050.10'];

describe('demo market maker: the shape of the book', () => {
  it('has uneven sizes, not a ladder growing by the same step', () => {
    for (const reference of references) {
      const { bids, asks } = sides(ladder('BTCUSDT', BTC, reference, DEFAULT_MAKER));
      expect(bids).toHaveLength(8);
      expect(asks).toHaveLength(8);
      for (const side of [bids, asks]) {
        const sizes = side.map((l) => l.amount);
        // A linear ladder is 0 here; a market's book is far from any straight line.
        expect(offLine(sizes), reference).toBeGreaterThan(0.15);
        // Sizes go up and down, not only up.
        const turns = sizes.slice(1).filter((s, i) => s < (sizes[i] as number)).length;
        expect(turns, reference).toBeGreaterThan(0);
      }
    }
  });

  it('is not a mirror: the bids and asks differ level by level and in total', () => {
    for (const reference of references) {
      const { bids, asks } = sides(ladder('BTCUSDT', BTC, reference, DEFAULT_MAKER));
      const same = bids.filter((b, i) => b.amount === asks[i]?.amount).length;
      expect(same, reference).toBeLessThanOrEqual(1);
      const total = (levels: { amount: number }[]) => levels.reduce((a, l) => a + l.amount, 0);
      expect(Math.abs(total(bids) / total(asks) - 1), reference).toBeGreaterThan(0.03);
    }
  });

  it('leaves some grid lines empty but keeps the touch near the price', () => {
    const gaps = references.map((reference) => {
      const { bids, asks } = sides(ladder('BTCUSDT', BTC, reference, DEFAULT_MAKER));
      const ref = BigInt(reference.replace('.', ''));
      // Grid lines 4 basis points apart (to two digits: 24.00 to 26.00 USDT here), the touch
      // within one.
      const grid = Number(asks[0]!.price - bids[0]!.price);
      expect(grid / Number(reference) / 100).toBeCloseTo(0.0004, 4);
      expect(grid % 100).toBe(0);
      expect(Number(ref - bids[0]!.price)).toBeLessThanOrEqual(grid);
      expect(Number(asks[0]!.price - ref)).toBeLessThanOrEqual(grid);
      return (
        Number(bids[0]!.price - bids.at(-1)!.price) / grid +
        Number(asks.at(-1)!.price - asks[0]!.price) / grid -
        14
      );
    });
    expect(gaps.some((g) => g > 0)).toBe(true);
  });

  it('is the same book for the same seed and price, another for another seed', () => {
    const a = ladder('BTCUSDT', BTC, '60000.00', DEFAULT_MAKER);
    expect(ladder('BTCUSDT', BTC, '60000.00', DEFAULT_MAKER)).toEqual(a);
    // A move inside the grid changes nothing; across one line, the book moves by one line.
    expect(ladder('BTCUSDT', BTC, '60010.00', DEFAULT_MAKER)).toEqual(a);
    const moved = ladder('BTCUSDT', BTC, '60024.00', DEFAULT_MAKER);
    expect(moved).not.toEqual(a);
    expect([...moved.keys()].filter((key) => a.has(key)).length).toBeGreaterThanOrEqual(12);
    expect(ladder('BTCUSDT', BTC, '60000.00', { ...DEFAULT_MAKER, seed: 2 })).not.toEqual(a);
  });

  it('rounds sizes as people do and keeps the usual depth in value', () => {
    for (const [spec, reference] of [
      [BTC, '64213.52'],
      [XRP, '0.5231'],
    ] as const) {
      const book = ladder(spec.symbol, spec, reference, DEFAULT_MAKER);
      const scale = 10 ** spec.amountScale;
      let value = 0;
      for (const amount of book.values()) {
        expect(amount).toBeGreaterThan(0n);
        // Two significant digits: 0.041 BTC, 4,700 XRP.
        expect(String(amount).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
        value += (Number(amount) / scale) * Number(reference);
      }
      // The linear ladder held 2 × 44,500 USDT; the uneven one about as much.
      expect(value).toBeGreaterThan(40_000);
      expect(value).toBeLessThan(250_000);
    }
  });
});
