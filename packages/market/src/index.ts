export type {
  Bar,
  KlineEvent,
  MarketSource,
  Period,
  Precision,
  SourceEvents,
  SourceStatus,
  SymbolKind,
  SymbolSpec,
  Tick,
  Ticker24h,
} from './types.ts';
export { PERIODS } from './types.ts';
export { SYMBOLS, findSymbol, getSymbol } from './symbols.ts';
export { isPeriod, nextPeriodStart, periodStart } from './periods.ts';
export { KlineAggregator, rollUp, timeShare } from './aggregate.ts';
export type { KlineUpdate, PeriodBar } from './aggregate.ts';
export { priceAt } from './price-at.ts';
export { tickerFromBars, tickerFromTicks } from './ticker.ts';
export { createSimulatedSource } from './simulated.ts';
export { Activity } from './activity.ts';
export { hashKey, mulberry32, normal } from './random.ts';
export type { BackfillOptions, SimulatedSource, SimulatedSourceOptions } from './simulated.ts';
export { BINANCE_STREAM_URL, backoffDelay, createBinanceSource } from './binance/source.ts';
export type { Backoff, BinanceSourceOptions, BinanceStream } from './binance/source.ts';
export { parseBinanceMessage } from './binance/parse.ts';
export type { BinanceMessage } from './binance/parse.ts';
export { createFeed } from './venues/feed.ts';
export type { FeedOptions } from './venues/feed.ts';
export { OKX_PUBLIC_URL, createOkxSource, parseOkxMessage } from './venues/okx.ts';
export type { VenueOptions } from './venues/okx.ts';
export { BYBIT_SPOT_URL, createBybitSource, parseBybitMessage } from './venues/bybit.ts';
export { VENUES, createVenueSource } from './venues/create.ts';
export type { Venue } from './venues/create.ts';
export { computeIndex } from './venues/median.ts';
export type { IndexResult, IndexRules, VenuePrice } from './venues/median.ts';
