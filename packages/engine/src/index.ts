import { FastBook } from './fast.ts';
import { ReferenceBook } from './reference.ts';
import { readSnapshot } from './snapshot.ts';
import type { Book, BookKind, BookSnapshot, PairSpec } from './types.ts';

export * from './types.ts';
export { formatUnits, parseUnits, quoteOf, quoteScale } from './units.ts';
export { fnv1a64 } from './hash.ts';

/** An empty book for one pair. 'fast' is the one to run; 'reference' exists to check it. */
export function createBook(spec: PairSpec, kind: BookKind = 'fast'): Book {
  return kind === 'fast' ? new FastBook(spec) : new ReferenceBook(spec);
}

/** A book equal to the one the snapshot was taken from (same hash, same future behaviour). */
export function restoreBook(snapshot: BookSnapshot, kind: BookKind = 'fast'): Book {
  const { spec, orders } = readSnapshot(snapshot);
  const book = kind === 'fast' ? new FastBook(spec) : new ReferenceBook(spec);
  book.load(orders);
  return book;
}
