/**
 * The index: the price contracts, options, alerts and the market maker go by, from the venues
 * `MARKET_SOURCE` names (the simulated walk in demo mode). Decorated as `app.priceIndex` by the
 * market module; spot's own prices (its trades) are not this.
 */
export interface IndexSource {
  /** `binance`, `okx`, `bybit` (or `simulated` in demo mode). */
  venue: string;
  /** The venue's last price, or null before its first. */
  price: string | null;
  /** When that price was received (ms since epoch), or null. */
  time: number | null;
  /** Whether the median used it: fresh and within `INDEX_MAX_DEVIATION` of the others. */
  used: boolean;
}

export interface IndexQuote {
  symbol: string;
  /** The median of the used sources, or the last one known when stale (null before any). */
  price: string | null;
  time: number | null;
  /** Fewer than `INDEX_MIN_SOURCES` fresh sources: what settles waits, opens are refused. */
  stale: boolean;
  sources: IndexSource[];
}

export interface PriceIndex {
  get(symbol: string): IndexQuote;
  /** Called on every change of a symbol's index (price or staleness); returns the unsubscribe. */
  subscribe(listener: (quote: IndexQuote) => void): () => void;
}

/** A venue's connection, for the console. */
export interface VenueConnection {
  venue: string;
  state: 'connecting' | 'open' | 'closed' | 'simulated';
  /** When the state began (ms). */
  since: number | null;
}

/** The index as the server decorates it: the contract above, plus what settlement and the console read. */
export interface MarketIndex extends PriceIndex {
  /** The venues' connections (empty list never: the walk is one `simulated` source). */
  connections(): VenueConnection[];
  /**
   * The sources of the index price recorded for `symbol` at `time` (what a settlement price was
   * made of); null for the simulated walk or a price recorded before the index existed.
   */
  sourcesAt(symbol: string, time: number): Promise<IndexSource[] | null>;
  /**
   * When the index was stale at `time` (no fresh price within `INDEX_STALE_S` before it), what
   * settles then waits for the first fresh price after it. False on the simulated walk.
   */
  staleAt(symbol: string, time: number, recordedAt: number | null): boolean;
  /** The first price recorded after `time` (the first fresh index after a stale spell), or null. */
  firstAfter(symbol: string, time: number): Promise<{ price: string; time: number } | null>;
}
