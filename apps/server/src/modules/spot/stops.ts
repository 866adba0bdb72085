import type { Side } from '@hx/engine';

/**
 * The pending stop orders of one pair, waiting for its last trade price: pure and synchronous.
 * A buy stop fires when the price rises to its stop (price ≥ stop), a sell stop when it falls to
 * it (price ≤ stop). Each direction is one array sorted so that the next stop to fire is the last
 * element (the idea of lever/trigger-index.ts): a trade costs O(1 + fired), adding or removing a
 * stop O(log n) to find its place (plus the splice). Prices are the engine's price units.
 */
class Queue {
  readonly keys: bigint[] = [];
  readonly ids: number[] = [];

  constructor(private readonly up: boolean) {}

  /** Whether (k1, id1) sits before (k2, id2): the later it sits, the sooner it fires. */
  private before(k1: bigint, id1: number, k2: bigint, id2: number): boolean {
    if (k1 !== k2) return this.up ? k1 > k2 : k1 < k2;
    return id1 > id2; // at one stop price, the older order fires first
  }

  private seek(key: bigint, id: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(this.keys[mid]!, this.ids[mid]!, key, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Many at once (a start): appended, then sorted once. */
  load(entries: { key: bigint; id: number }[]): void {
    const all = [...this.keys.map((key, i) => ({ key, id: this.ids[i]! })), ...entries];
    all.sort((a, b) => (this.before(a.key, a.id, b.key, b.id) ? -1 : 1));
    this.keys.length = 0;
    this.ids.length = 0;
    for (const e of all) {
      this.keys.push(e.key);
      this.ids.push(e.id);
    }
  }

  add(key: bigint, id: number): void {
    const at = this.seek(key, id);
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: bigint, id: number): void {
    const at = this.seek(key, id);
    if (this.keys[at] !== key || this.ids[at] !== id) return;
    this.keys.splice(at, 1);
    this.ids.splice(at, 1);
  }

  /** Pops every stop `price` reaches. */
  fire(price: bigint, out: number[]): void {
    for (let i = this.keys.length - 1; i >= 0; i--) {
      if (this.up ? price < this.keys[i]! : price > this.keys[i]!) break;
      out.push(this.ids[i]!);
      this.keys.pop();
      this.ids.pop();
    }
  }
}

/** Whether the last trade price `last` has reached the stop of a `side` stop order. */
export const reached = (side: Side, stop: bigint, last: bigint): boolean =>
  side === 'buy' ? last >= stop : last <= stop;

export class StopBook {
  private readonly buys = new Queue(true);
  private readonly sells = new Queue(false);
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
    for (const side of ['buy', 'sell'] as const) {
      const mine = entries.filter((e) => e.side === side);
      (side === 'buy' ? this.buys : this.sells).load(mine.map((e) => ({ key: e.stop, id: e.id })));
    }
    for (const e of entries) this.stops.set(e.id, { side: e.side, stop: e.stop });
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
    const out: number[] = [];
    this.buys.fire(high, out);
    this.sells.fire(low, out);
    for (const id of out) this.stops.delete(id);
    return out.sort((a, b) => a - b);
  }
}
