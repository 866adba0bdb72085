import type { Side } from '@hx/engine';
import { Book } from '../../lib/trigger-book.ts';

/**
 * The pending stop orders of one pair, waiting for its last trade price: pure and synchronous.
 * A stop-loss buy fires when the price rises to its stop (price ≥ stop), a stop-loss sell when
 * it falls to it (price ≤ stop); a take-profit (Binance's TAKE_PROFIT) the other way round: a
 * sell when the price rises to its stop, a buy when it falls to it. Each direction is one
 * price-ordered trigger book (lib/trigger-book.ts, as the contracts' stops use): a trade costs
 * O(1 + fired), adding or removing a stop O(log n) to find its place (plus the splice). Prices
 * are the engine's price units.
 */

/** Whether a stop fires on a rising price (a stop-loss buy, a take-profit sell). */
export const firesRising = (side: Side, takeProfit = false): boolean =>
  (side === 'buy') !== takeProfit;

/** Whether the last trade price `last` has reached the stop of a `side` stop order. */
export const reached = (side: Side, stop: bigint, last: bigint, takeProfit = false): boolean =>
  firesRising(side, takeProfit) ? last >= stop : last <= stop;

export class StopBook {
  private readonly rising = new Book('up');
  private readonly falling = new Book('down');
  private readonly stops = new Map<number, { up: boolean; stop: bigint }>();

  get size(): number {
    return this.stops.size;
  }

  has(id: number): boolean {
    return this.stops.has(id);
  }

  private bookOf(up: boolean): Book {
    return up ? this.rising : this.falling;
  }

  add(id: number, side: Side, stop: bigint, takeProfit = false): void {
    this.remove(id);
    const up = firesRising(side, takeProfit);
    this.bookOf(up).add(stop, id);
    this.stops.set(id, { up, stop });
  }

  /** Fills an empty book (a start). */
  load(entries: { id: number; side: Side; stop: bigint; takeProfit?: boolean }[]): void {
    for (const e of entries) {
      const up = firesRising(e.side, e.takeProfit);
      this.bookOf(up).push(e.stop, e.id);
      this.stops.set(e.id, { up, stop: e.stop });
    }
    this.rising.sort();
    this.falling.sort();
  }

  remove(id: number): void {
    const entry = this.stops.get(id);
    if (!entry) return;
    this.bookOf(entry.up).remove(entry.stop, id);
    this.stops.delete(id);
  }

  /**
   * The stops that trades between `low` and `high` reached (rising stops at or below the highest
   * price, falling ones at or above the lowest), removed from the book, in id order.
   */
  fire(low: bigint, high: bigint): number[] {
    const fired: { id: number; key: bigint }[] = [];
    this.rising.fire(high, fired);
    this.falling.fire(low, fired);
    const out = fired.map((f) => f.id);
    for (const id of out) this.stops.delete(id);
    return out.sort((a, b) => a - b);
  }
}
