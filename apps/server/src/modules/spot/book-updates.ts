import { formatUnits, type Book, type Side } from '@hx/engine';
import type { Batch } from './matching.ts';
import type { Pair } from './pair.ts';

type Level = [string, string];

/**
 * One change of a pair's book, as the internal `book.<SYMBOL>` channel carries it: what the
 * Binance-compatible diff depth, partial depth and book ticker streams are made of.
 */
export interface BookUpdate {
  /** The book's update id after this change (one more than the change before). */
  u: number;
  /** When the change was written (ms). */
  E: number;
  /** The levels it touched at their new totals ("0" when nothing rests there any more). */
  b: Level[];
  a: Level[];
  /** The best levels after it, best first. */
  bids: Level[];
  asks: Level[];
}

/** The internal channel of a pair's book changes (not offered on /ws: channels.ts knows no `book.`). */
export const bookChannel = (symbol: string) => `book.${symbol}`;

/** Levels of the partial book after each change (Binance's largest partial depth is 20). */
const TOP_LEVELS = 20;

/**
 * Each pair's book update id, as Binance's `lastUpdateId` / `U` / `u`: one more per batch that
 * changed the book. A writer that opens a pair (start, takeover) starts from its opening time
 * × 1000, so the id keeps growing across restarts and owners (unless a pair took 1,000 updates
 * a millisecond) and a client's local book sees a gap, never an id going back.
 */
export class BookUpdates {
  private readonly ids = new Map<string, number>();

  opened(symbol: string, nowMs: number): void {
    this.ids.set(symbol, Math.max(nowMs * 1000, this.last(symbol)));
  }

  last(symbol: string): number {
    return this.ids.get(symbol) ?? 0;
  }

  /** Counts a batch that changed the book; its levels are worked out only when someone asks. */
  next(pair: Pair, book: Book, batch: Batch, nowMs: number): () => BookUpdate {
    const u = this.last(pair.symbol) + 1;
    this.ids.set(pair.symbol, u);
    return () => {
      const touched = { buy: new Set<bigint>(), sell: new Set<bigint>() };
      for (const order of batch.orders.values())
        if (order.price !== null) touched[order.side].add(order.price);
      const { priceScale, amountScale } = pair.spec;
      const level = ([p, a]: [bigint, bigint]): Level => [
        formatUnits(p, priceScale),
        formatUnits(a, amountScale),
      ];
      const levels = (side: Side) =>
        [...touched[side]]
          .sort((x, y) => (side === 'buy' ? Number(y - x) : Number(x - y)))
          .map((p) => level([p, book.levelTotal(side, p)]));
      const top = book.depth(TOP_LEVELS);
      return {
        u,
        E: nowMs,
        b: levels('buy'),
        a: levels('sell'),
        bids: top.bids.map(level),
        asks: top.asks.map(level),
      };
    };
  }
}
