import type { AlertCondition } from '@hx/protocol';
import { Book, SCALE } from '../lever/trigger-index.ts';

/** An alert's key: a level scaled by 10^18 (above / below), or a percent scaled by 10^18 (move). */
export interface Waiting {
  id: number;
  symbol: string;
  condition: AlertCondition;
  key: bigint;
}

const DIRECTION = { above: 'up', below: 'down', move: 'up' } as const;

/**
 * The waiting alerts of every symbol, each condition in its own price-ordered book (the lever
 * triggers' Book: the next to fire sits last), so a tick that reaches nothing costs O(1).
 */
export class AlertBook {
  private books = new Map<string, Book>();
  private waiting = new Map<number, Waiting>();

  get size(): number {
    return this.waiting.size;
  }

  private book(symbol: string, condition: AlertCondition): Book {
    const name = `${symbol}|${condition}`;
    let book = this.books.get(name);
    if (!book) this.books.set(name, (book = new Book(DIRECTION[condition])));
    return book;
  }

  add(alert: Waiting): void {
    this.remove(alert.id);
    this.book(alert.symbol, alert.condition).add(alert.key, alert.id);
    this.waiting.set(alert.id, alert);
  }

  remove(id: number): void {
    const alert = this.waiting.get(id);
    if (!alert) return;
    this.book(alert.symbol, alert.condition).remove(alert.key, alert.id);
    this.waiting.delete(id);
  }

  /** Whether `symbol` has a waiting move alert (only then is its 24 h change worked out). */
  hasMoves(symbol: string): boolean {
    return (this.books.get(`${symbol}|move`)?.size ?? 0) > 0;
  }

  /** The alerts a recorded price (and its 24 h move, scaled) reaches, taken out of the book. */
  fire(symbol: string, price: bigint, move: bigint | null): number[] {
    const popped: { id: number; key: bigint }[] = [];
    this.books.get(`${symbol}|above`)?.fire(price, popped);
    this.books.get(`${symbol}|below`)?.fire(price, popped);
    if (move !== null) this.books.get(`${symbol}|move`)?.fire(move, popped);
    for (const { id } of popped) this.waiting.delete(id);
    return popped.map((p) => p.id).sort((a, b) => a - b);
  }
}

/** |price − open| ÷ open × 100, scaled by 10^18 and rounded down (exact against a scaled key). */
export function movePercent(price: bigint, open: bigint): bigint | null {
  if (open <= 0n) return null;
  const diff = price >= open ? price - open : open - price;
  return (diff * 100n * SCALE) / open;
}
