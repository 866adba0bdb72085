import type { QuoteInfo } from '@hx/protocol';
import { storage } from '../../lib/storage.ts';
import type { SpotPair } from './types.ts';

/**
 * The trade page's pairs and the last ticker of each pair seen, kept in localStorage so that a
 * reload offline still shows the pair and its last known price (marked as stale), as the
 * offline banner promises. Never used while the server answers.
 */

interface Store {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** A ticker as kept: the quote and when it was received. */
export interface KeptTicker {
  time: number;
  quote: QuoteInfo;
}

const PAIRS_KEY = 'hx.spot.pairs';
const TICKERS_KEY = 'hx.spot.tickers';
/** A pair's ticker is written at most this often (the socket updates it every second or so). */
export const SAVE_EVERY_MS = 10_000;

function read<T>(store: Store, key: string): T | null {
  const raw = store.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

const isPair = (p: unknown): p is SpotPair =>
  typeof p === 'object' && p !== null && typeof (p as SpotPair).symbol === 'string';

export class KeptMarket {
  private savedPairs: string | null = null;
  private readonly savedAt = new Map<string, number>();

  constructor(private readonly store: Store = storage) {}

  keepPairs(pairs: readonly SpotPair[]): void {
    if (pairs.length === 0) return;
    const text = JSON.stringify(pairs);
    if (text === this.savedPairs) return;
    this.savedPairs = text;
    this.store.set(PAIRS_KEY, text);
  }

  pairs(): SpotPair[] | null {
    const value = read<unknown>(this.store, PAIRS_KEY);
    if (!Array.isArray(value)) return null;
    const pairs = value.filter(isPair);
    return pairs.length > 0 ? pairs : null;
  }

  /** Keeps `quote` as of `time`, unless this pair's was kept less than 10 s before. */
  keepTicker(quote: QuoteInfo, time: number): void {
    if (!quote.symbol || quote.price === null) return;
    const last = this.savedAt.get(quote.symbol);
    if (last !== undefined && time >= last && time - last < SAVE_EVERY_MS) return;
    this.savedAt.set(quote.symbol, time);
    const all = read<Record<string, KeptTicker>>(this.store, TICKERS_KEY) ?? {};
    all[quote.symbol] = { time, quote };
    this.store.set(TICKERS_KEY, JSON.stringify(all));
  }

  ticker(symbol: string): KeptTicker | null {
    const kept = read<Record<string, KeptTicker>>(this.store, TICKERS_KEY)?.[symbol];
    return kept && typeof kept.time === 'number' && typeof kept.quote?.price === 'string'
      ? kept
      : null;
  }
}

export const keptMarket = new KeptMarket();
