import { describe, expect, it } from 'vitest';
import { StopBook, reached } from './stops.ts';

describe('the trigger book of spot stop orders', () => {
  it('fires buy stops when the price rises to them and sell stops when it falls to them', () => {
    const stops = new StopBook();
    stops.add(1, 'buy', 105n);
    stops.add(2, 'buy', 110n);
    stops.add(3, 'sell', 95n);
    stops.add(4, 'sell', 90n);
    // Trades between 96 and 104 reach nothing.
    expect(stops.fire(96n, 104n)).toEqual([]);
    // Up to 105 exactly: the buy stop at 105 only.
    expect(stops.fire(100n, 105n)).toEqual([1]);
    // A sweep from 112 down to 94 reaches the buy stop at 110 and the sell stop at 95.
    expect(stops.fire(94n, 112n)).toEqual([2, 3]);
    expect(stops.size).toBe(1);
    expect(stops.has(4)).toBe(true);
    // Fired stops are gone: the same prices fire nothing again.
    expect(stops.fire(94n, 112n)).toEqual([]);
  });

  it('fires take-profit stops the other way: a sell when the price rises to it, a buy when it falls', () => {
    const stops = new StopBook();
    stops.add(1, 'sell', 110n, true);
    stops.add(2, 'buy', 90n, true);
    stops.add(3, 'sell', 90n); // a stop-loss sell at the same price as the take-profit buy
    expect(reached('sell', 110n, 109n, true)).toBe(false);
    expect(reached('sell', 110n, 110n, true)).toBe(true);
    expect(reached('buy', 90n, 91n, true)).toBe(false);
    expect(reached('buy', 90n, 90n, true)).toBe(true);
    // A fall to 95 reaches nothing; a rise to 110 the take-profit sell only.
    expect(stops.fire(95n, 109n)).toEqual([]);
    expect(stops.fire(100n, 110n)).toEqual([1]);
    // A fall to 90 reaches both the take-profit buy and the stop-loss sell.
    expect(stops.fire(90n, 100n)).toEqual([2, 3]);
    stops.load([{ id: 4, side: 'sell', stop: 120n, takeProfit: true }]);
    stops.remove(4);
    expect(stops.fire(0n, 200n)).toEqual([]);
  });

  it('fires the stops one price reaches in id order, forgets removed ones, and loads in bulk', () => {
    const stops = new StopBook();
    stops.load([
      { id: 9, side: 'sell', stop: 100n },
      { id: 3, side: 'sell', stop: 90n },
      { id: 5, side: 'sell', stop: 100n },
      { id: 7, side: 'buy', stop: 120n },
    ]);
    stops.add(4, 'sell', 99n);
    stops.remove(5);
    stops.remove(42); // unknown: nothing happens
    expect(stops.fire(99n, 101n)).toEqual([4, 9]);
    expect(stops.fire(50n, 119n)).toEqual([3]);
    expect(stops.fire(50n, 500n)).toEqual([7]);
    expect(stops.size).toBe(0);
  });

  it('costs one comparison per price that fires nothing, however many stops wait', () => {
    const stops = new StopBook();
    const n = 50_000;
    stops.load(
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        side: i % 2 ? ('buy' as const) : ('sell' as const),
        stop: i % 2 ? 1_000_000n + BigInt(i) : 1_000_000n - BigInt(i),
      })),
    );
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) stops.fire(999_999n, 1_000_000n);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(stops.size).toBe(n - 1); // only the sell stop at 1,000,000 (id 1) fired
  });

  it('tells whether a last price has reached a stop', () => {
    expect(reached('buy', 100n, 100n)).toBe(true);
    expect(reached('buy', 100n, 99n)).toBe(false);
    expect(reached('sell', 100n, 100n)).toBe(true);
    expect(reached('sell', 100n, 101n)).toBe(false);
  });
});
