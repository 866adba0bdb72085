import { describe, expect, it } from 'vitest';
import { createBook, restoreBook, type Book, type BookSnapshot, type Command } from './index.ts';
import { fuzzSpec, generateCommands } from './testing.ts';

const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

describe('snapshot and restore', () => {
  it('restores mid-run to the same hash and the same future, in either kind of book', () => {
    const commands = [...generateCommands(40_000, 7)];
    const original = createBook(fuzzSpec, 'fast');
    for (const command of commands.slice(0, 20_000)) original.apply(command);
    // Through JSON text, as it would be stored.
    const stored: BookSnapshot = JSON.parse(JSON.stringify(original.snapshot()));
    expect(stored).toEqual(original.snapshot());
    const restored: Book[] = [restoreBook(stored, 'fast'), restoreBook(stored, 'reference')];
    expect(original.size()).toBeGreaterThan(100);
    for (const book of restored) expect(book.stateHash()).toBe(original.stateHash());

    for (const command of commands.slice(20_000)) {
      const expected = json(original.apply(command));
      for (const book of restored) {
        const events = json(book.apply(command));
        if (events !== expected) expect({ command, events }).toEqual({ command, events: expected });
      }
    }
    for (const book of restored) {
      expect(book.stateHash()).toBe(original.stateHash());
      expect(book.snapshot()).toEqual(original.snapshot());
    }
  });

  it('keeps arrival order within a price', () => {
    const spec = { symbol: 'X/Y', priceScale: 0, amountScale: 0, tick: 1n, step: 1n };
    const book = createBook(spec);
    book.apply({ type: 'limit', id: 1, user: 1, side: 'sell', price: 10n, amount: 5n });
    book.apply({ type: 'limit', id: 2, user: 2, side: 'sell', price: 10n, amount: 5n });
    const taker: Command = { type: 'market', id: 3, user: 3, side: 'buy', funds: 50n };
    const restored = restoreBook(book.snapshot());
    expect(restored.apply(taker)).toEqual(book.apply(taker));
    expect(restored.order(2)?.remaining).toBe(5n);
  });

  it('gives an empty book a hash of its own, and differs once anything changes', () => {
    const book = createBook(fuzzSpec);
    const empty = book.stateHash();
    expect(empty).toMatch(/^[0-9a-f]{16}$/);
    expect(restoreBook(book.snapshot()).stateHash()).toBe(empty);
    book.apply({ type: 'limit', id: 1, user: 1, side: 'buy', price: 100n, amount: 10n });
    expect(book.stateHash()).not.toBe(empty);
    book.apply({ type: 'cancel', id: 1 });
    expect(book.stateHash()).toBe(empty);
  });

  describe('refuses a snapshot that is not a valid book', () => {
    const base = (): BookSnapshot => {
      const book = createBook(fuzzSpec);
      book.apply({ type: 'limit', id: 1, user: 1, side: 'buy', price: 100n, amount: 10n });
      book.apply({ type: 'limit', id: 2, user: 1, side: 'buy', price: 95n, amount: 10n });
      book.apply({ type: 'limit', id: 3, user: 2, side: 'sell', price: 105n, amount: 20n });
      return book.snapshot();
    };
    const broken: [string, (s: BookSnapshot) => void][] = [
      ['a repeated id', (s) => (s.orders[1]!.id = '1')],
      ['a price off the tick', (s) => (s.orders[0]!.price = '101')],
      ['remaining above amount', (s) => (s.orders[2]!.remaining = '30')],
      ['bids out of priority order', (s) => s.orders.reverse()],
      ['a crossed book', (s) => (s.orders[2]!.price = '100')],
      ['a non-integer string', (s) => (s.orders[0]!.amount = '1e3')],
      ['an unknown version', (s) => ((s as { version: number }).version = 2)],
    ];
    it.each(broken)('%s', (_name, breakIt) => {
      const snapshot = base();
      expect(() => restoreBook(snapshot)).not.toThrow();
      breakIt(snapshot);
      expect(() => restoreBook(snapshot, 'fast')).toThrow(RangeError);
      expect(() => restoreBook(snapshot, 'reference')).toThrow(RangeError);
    });
  });
});
