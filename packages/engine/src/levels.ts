import type { RestingOrder, Side } from './types.ts';

/** A resting order linked into the FIFO queue of its price level. */
export interface OrderNode {
  readonly id: bigint;
  readonly user: number;
  readonly side: Side;
  readonly price: bigint;
  readonly amount: bigint;
  remaining: bigint;
  readonly time: number;
  prev: OrderNode | null;
  next: OrderNode | null;
  readonly level: Level;
}

export interface Level {
  readonly price: bigint;
  /** Sum of the remaining amounts queued here, kept so depth never walks the queue. */
  total: bigint;
  head: OrderNode | null;
  tail: OrderNode | null;
}

/**
 * One side of the fast book: levels in an array sorted worst to best, so the best level is the
 * last element and removing it is a pop; a Map finds a level by price. Inserting or removing a
 * level is a binary search plus a splice, which stays near the end of the array in practice
 * because activity clusters at the top of the book.
 */
export class PriceLevels {
  private readonly levels: Level[] = [];
  private readonly byPrice = new Map<bigint, Level>();

  constructor(private readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** What rests at `price` (0 when no level is there). */
  total(price: bigint): bigint {
    return this.byPrice.get(price)?.total ?? 0n;
  }

  /** Queues an order at the back of its price level, creating the level when needed. */
  append(order: RestingOrder): OrderNode {
    let level = this.byPrice.get(order.price);
    if (!level) {
      level = { price: order.price, total: 0n, head: null, tail: null };
      this.byPrice.set(order.price, level);
      this.levels.splice(this.lowerBound(order.price), 0, level);
    }
    // Spelled out rather than spread: one object shape for every node keeps V8 fast here.
    const node: OrderNode = {
      id: order.id,
      user: order.user,
      side: order.side,
      price: order.price,
      amount: order.amount,
      remaining: order.remaining,
      time: order.time,
      prev: level.tail,
      next: null,
      level,
    };
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.total += order.remaining;
    return node;
  }

  /** Takes an order out of its queue, and its level out of the side when it empties. */
  unlink(node: OrderNode): void {
    const level = node.level;
    if (node.prev) node.prev.next = node.next;
    else level.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else level.tail = node.prev;
    level.total -= node.remaining;
    if (level.head) return;
    this.byPrice.delete(level.price);
    if (this.levels[this.levels.length - 1] === level) this.levels.pop();
    else this.levels.splice(this.lowerBound(level.price), 1);
  }

  /** Reduces a resting order after a partial fill. */
  fill(node: OrderNode, amount: bigint): void {
    node.remaining -= amount;
    node.level.total -= amount;
  }

  /**
   * What a taker of `user` with limit `limit` could fill on this side at once, counting until
   * `wanted` is reached: other users' orders at prices it reaches (its own would be cancelled by
   * self-trade prevention, not filled). For FOK orders.
   */
  fillable(limit: bigint, user: number, wanted: bigint): bigint {
    let sum = 0n;
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const level = this.levels[i]!;
      if (this.side === 'sell' ? level.price > limit : level.price < limit) break;
      for (let node = level.head; node; node = node.next) {
        if (node.user === user) continue;
        sum += node.remaining;
        if (sum >= wanted) return sum;
      }
    }
    return sum;
  }

  depth(count: number): [bigint, bigint][] {
    const out: [bigint, bigint][] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < count; i--) {
      const level = this.levels[i]!;
      out.push([level.price, level.total]);
    }
    return out;
  }

  /** Best level first, arrival order within a level. */
  *nodes(): Generator<OrderNode> {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      for (let node = this.levels[i]!.head; node; node = node.next) yield node;
    }
  }

  /** First index whose level is at least as good as `price`. */
  private lowerBound(price: bigint): number {
    let low = 0;
    let high = this.levels.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.levels[mid]!.price;
      const atLeastAsGood = this.side === 'buy' ? other >= price : other <= price;
      if (atLeastAsGood) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}
