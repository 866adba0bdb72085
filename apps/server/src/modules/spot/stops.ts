import type { Side } from '@hx/engine';
import { Book } from '../../lib/trigger-book.ts';

/**
 * The pending stop orders of one pair, waiting for its last trade price: pure and synchronous.
 * A buy stop fires when the price rises to its stop (price ≥ stop), a sell stop when it falls to
 * it (price ≤ stop); each direction is one price-ordered trigger book (lib/trigger-book.ts, as
 * the contracts' stops use): a trade costs O(1 + fired), adding or removing a stop O(log n) to
 * find its place (plus the splice). Prices are the engine's price units.
 */
/** Whether the last trade price `last` has reached the stop of a `side` stop order. */
export const reached = (side: Side, stop: bigint, last: bigint): boolean =>
  side === 'buy' ? last >= stop : last <= stop;

export class StopBook {
  private readonly buys = new Book('up');
  private readonly sells = new Book('down');
  private readonly stops = new Map<number, { side: Side; stop: bigint }>();

  get size(): number {
    return this.stops.size;
  }

  has(id: number): boolean {
    return this.stops.has(id);
  }

  add(id: number, side: Side, stop: bigint): void {
    this.remove(id);
    (side === 'buy' ? this.buys : this.sells).add(stop, id);
    this.stops.set(id, { side, stop });
  }

  /** Fills an empty book (a start). */
  load(entries: { id: number; side: Side; stop: bigint }[]): void {
    for (const e of entries) {
      (e.side === 'buy' ? this.buys : this.sells).push(e.stop, e.id);
      this.stops.set(e.id, { side: e.side, stop: e.stop });
    }
    this.buys.sort();
    this.sells.sort();
  }

  remove(id: number): void {
    const entry = this.stops.get(id);
    if (!entry) return;
    (entry.side === 'buy' ? this.buys : this.sells).remove(entry.stop, id);
    this.stops.delete(id);
  }

  /**
   * The stops that trades between `low` and `high` reached (buy stops at or below the highest
   * price, sell stops at or above the lowest), removed from the book, in id order.
   */
  fire(low: bigint, high: bigint): number[] {
    const fired: { id: number; key: bigint }[] = [];
    this.buys.fire(high, fired);
    this.sells.fire(low, fired);
    const out = fired.map((f) => f.id);
    for (const id of out) this.stops.delete(id);
    return out.sort((a, b) => a - b);
  }
}
