/** One trade or price update. `price` and `volume` are decimal strings, never floats. */
export interface Tick {
  symbol: string;
  /** Milliseconds since the epoch, UTC. */
  time: number;
  price: string;
  volume: string;
}

/** An OHLCV bar; `time` is the start of its period in ms UTC. */
export interface Bar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** The chart periods of the API; the time-share line is the close line of '1min'. */
export const PERIODS = ['1min', '5min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

export type SymbolKind = 'spot' | 'forex' | 'futures';

/** The decimals a symbol is displayed and aggregated at. */
export interface Precision {
  pricePrecision: number;
  amountPrecision: number;
}

export interface SymbolSpec extends Precision {
  /** Exchange-style id without separator, e.g. 'BTCUSDT', 'EURUSD', 'XAUUSD'. */
  symbol: string;
  kind: SymbolKind;
  /** Human name, e.g. 'BTC/USDT', 'Gold'. */
  name: string;
  base: string;
  quote: string;
  /** currency_id in the server's coin table (spot only; null for quote-only symbols). */
  baseCoinId: number | null;
  quoteCoinId: number | null;
  /** Smallest price step as a decimal string with at most `pricePrecision` decimals. */
  tickSize: string;
  /** A realistic price to start the simulated walk from (on tick). */
  startPrice: string;
  /** Annualised volatility of the simulated walk, e.g. 0.55 for 55%. A model parameter. */
  annualVolatility: number;
  /** Typical traded base amount per minute in the simulation. A model parameter. */
  minuteVolume: number;
}

/** 24-hour statistics; every amount is a decimal string. */
export interface Ticker24h {
  symbol: string;
  /** Time of the latest price in ms UTC (its bar's start when computed from bars). */
  time: number;
  price: string;
  open: string;
  high: string;
  low: string;
  /** Base-asset volume. */
  volume: string;
  /** Quote-asset volume, when the source reports it. */
  quoteVolume?: string;
  /** price - open. */
  change: string;
  /** (price - open) / open * 100, two decimals. */
  changePercent: string;
}

/** A bar reported by a source that streams klines itself (binance). */
export interface KlineEvent {
  symbol: string;
  period: Period;
  bar: Bar;
  /** True once the exchange has closed the bar. */
  closed: boolean;
}

export type SourceStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'closed'; code: number; reconnectInMs: number | null };

/** Optional extra events; every source reports ticks, only some report the rest. */
export interface SourceEvents {
  onKline?: (k: KlineEvent) => void;
  onTicker?: (t: Ticker24h) => void;
  onStatus?: (s: SourceStatus) => void;
  /** A message that could not be parsed or a socket error; the source keeps running. */
  onError?: (e: Error) => void;
}

export interface MarketSource {
  readonly name: 'simulated' | 'binance' | 'okx' | 'bybit';
  start(onTick: (t: Tick) => void, events?: SourceEvents): void;
  stop(): Promise<void>;
  symbols(): SymbolSpec[];
}
