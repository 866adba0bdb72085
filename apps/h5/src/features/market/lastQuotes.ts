import type { MarketQuote } from '@hx/protocol';
import { storage } from '../../lib/storage.ts';
import type { QuoteList } from './queries.ts';

/** Quotes as last received, with when. */
export interface KnownQuotes {
  time: number;
  quotes: MarketQuote[];
}

interface Store {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** A list is written at most this often (the socket updates it every second or so). */
export const SAVE_EVERY_MS = 10_000;

const keyOf = (list: QuoteList) => `hx.lastQuotes.${list}`;

function isQuote(value: unknown): value is MarketQuote {
  const q = value as Partial<MarketQuote> | null;
  return (
    typeof q === 'object' &&
    q !== null &&
    typeof q.symbol === 'string' &&
    (q.price === null || typeof q.price === 'string')
  );
}

/**
 * The last quotes of each list, kept in localStorage so an app opened offline still shows prices
 * (marked as stale, with their time). Never used while live data is there.
 */
export class LastQuotes {
  private readonly savedAt = new Map<QuoteList, number>();

  constructor(private readonly store: Store = storage) {}

  /** Keeps `quotes` as of `time`, unless this list was kept less than 10 s before. */
  remember(list: QuoteList, quotes: readonly MarketQuote[], time: number): void {
    if (quotes.length === 0) return;
    const last = this.savedAt.get(list);
    if (last !== undefined && time >= last && time - last < SAVE_EVERY_MS) return;
    this.savedAt.set(list, time);
    this.store.set(keyOf(list), JSON.stringify({ time, quotes }));
  }

  /** The kept quotes, or null when there are none (or what is stored is not quotes). */
  recall(list: QuoteList): KnownQuotes | null {
    const raw = this.store.get(keyOf(list));
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<KnownQuotes>;
      if (typeof value.time !== 'number' || !Array.isArray(value.quotes)) return null;
      const quotes = value.quotes.filter(isQuote);
      return quotes.length > 0 ? { time: value.time, quotes } : null;
    } catch {
      return null;
    }
  }
}

export const lastQuotes = new LastQuotes();
