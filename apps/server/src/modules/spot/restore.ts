import { restoreBook, type Book, type BookSnapshot, type Side } from '@hx/engine';
import type { OrderState } from './matching.ts';
import type { Pair } from './pair.ts';

/**
 * Arrival order within one price, for a rebuilt book: a partly filled order first (only the head
 * of a level is ever partly filled), then by when each joined the book (a triggered stop when it
 * fired, which is its `updatedAt` while it waits unfilled; any other order when placed), then id.
 */
function queued(a: OrderState, b: OrderState): number {
  const started = (o: OrderState) => (o.filled > 0n ? 0 : 1);
  if (started(a) !== started(b)) return started(a) - started(b);
  if (a.trigger === 'triggered' || b.trigger === 'triggered') {
    const joined = (o: OrderState) => (o.trigger === 'triggered' ? o.updatedAt : o.createdAt);
    if (joined(a) !== joined(b)) return joined(a) - joined(b);
  }
  return a.id - b.id;
}

/** A pair's book rebuilt from its open orders in the book (not pending stops), as it was. */
export function restoredBook(pair: Pair, orders: OrderState[]): Book {
  const byPriority = (side: Side) =>
    orders
      .filter((o) => o.side === side)
      .sort((a, b) =>
        a.price === b.price
          ? queued(a, b)
          : (side === 'buy' ? a.price! < b.price! : a.price! > b.price!)
            ? 1
            : -1,
      );
  const spec = pair.spec;
  const snapshot: BookSnapshot = {
    version: 1,
    spec: { ...spec, tick: spec.tick.toString(), step: spec.step.toString() },
    orders: [...byPriority('buy'), ...byPriority('sell')].map((o) => ({
      id: String(o.id),
      user: o.userId ?? 0,
      side: o.side,
      price: o.price!.toString(),
      amount: o.amount.toString(),
      remaining: (o.amount - o.filled).toString(),
      time: o.createdAt,
    })),
  };
  return restoreBook(snapshot);
}
