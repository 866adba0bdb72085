import type { Book } from '@hx/engine';
import type { BookState } from '../../lib/roster.ts';
import type { PairWriter } from './writer.ts';

/**
 * The engine's state hash of each book this process writes, for the console (the roster tells
 * it every 2 s): a new owner loading the open orders must come to the same hash as the last
 * one. A hash is worked out again only after a batch changed its book, not on every telling.
 */
export class BookStates {
  private readonly versions = new Map<string, number>();
  private readonly known = new Map<string, { book: Book; version: number; hash: string }>();

  /** A batch of `symbol` committed: its book moved on. */
  changed(symbol: string): void {
    this.versions.set(symbol, (this.versions.get(symbol) ?? 0) + 1);
  }

  /** Every book written here, by pair. */
  list(writers: ReadonlyMap<string, PairWriter>): BookState[] {
    const states: BookState[] = [];
    for (const [symbol, writer] of [...writers].sort(([a], [b]) => a.localeCompare(b))) {
      const version = this.versions.get(symbol) ?? 0;
      let known = this.known.get(symbol);
      if (known?.book !== writer.book || known.version !== version) {
        known = { book: writer.book, version, hash: writer.book.stateHash() };
        this.known.set(symbol, known);
      }
      states.push({ symbol, orders: writer.book.size(), hash: known.hash });
    }
    return states;
  }
}
