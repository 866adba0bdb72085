import { z } from 'zod';
import { decimal, epochMs } from './fields.ts';

/**
 * Market data: quotes, klines, the time-share line, the order book, favourites, and the frames
 * of the live socket `/ws`. Symbols are exchange-style ids without separator (`BTCUSDT`,
 * `EURUSD`, `XAUUSD`); times are epoch milliseconds UTC; prices and amounts decimal strings.
 */

/** The chart periods (the time-share line is the 1min closes of the last 24 hours). */
export const KLINE_PERIODS = ['1min', '5min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
export const SYMBOL_KINDS = ['spot', 'forex', 'futures'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];
/** At most this many bars per `currency/kline` call. */
export const KLINE_MAX_LIMIT = 1000;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A symbol as sent by the app (`btcusdt` works too); whether it is listed is checked by the server. */
export const symbolField = z.preprocess(
  upper,
  z.string({ error: 'SYMBOL_UNKNOWN' }).regex(/^[A-Z0-9]{2,20}$/, { error: 'SYMBOL_UNKNOWN' }),
);
export const periodField = z.enum(KLINE_PERIODS, { error: 'PERIOD_INVALID' });
const timeField = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
);

export const symbolQuery = z.object({ symbol: symbolField });
/** A spot pair's quotes and bars are its own trades; `index` asks for the index instead. */
export const PRICE_SOURCES = ['trades', 'index'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
const sourceField = z
  .preprocess(blankToUndefined, z.enum(PRICE_SOURCES).default('trades'))
  .describe(
    "a spot pair's own trades (default) or its index, what contracts and options settle on; " +
      'other symbols are their index either way',
  );
export const sourcedSymbolQuery = symbolQuery.extend({ source: sourceField });
export const quotationQuery = z.object({
  kind: z.preprocess(blankToUndefined, z.enum([...SYMBOL_KINDS, 'all']).default('spot')),
});

/**
 * One symbol's quote with its 24-hour statistics (the 1-minute bars starting in the last 24
 * hours). Every price field is null only while nothing has been recorded for the symbol yet.
 */
export const marketQuote = z.object({
  symbol: z.string(),
  name: z.string().describe('e.g. "BTC/USDT", "Gold"'),
  kind: z.enum(SYMBOL_KINDS),
  base: z.string(),
  quote: z.string(),
  price: decimal.nullable().describe('last recorded price'),
  open: decimal.nullable().describe('price 24 hours ago'),
  change: decimal.nullable().describe('24h change in percent, two decimals, e.g. "-1.23"'),
  high: decimal.nullable(),
  low: decimal.nullable(),
  volume: decimal.nullable().describe('24h volume in the base asset'),
  time: epochMs.nullable().describe('time of the last recorded price'),
});
export type MarketQuote = z.infer<typeof marketQuote>;

export const quoteInfo = marketQuote.extend({
  change_amount: decimal.nullable().describe('price - open'),
  price_precision: z.number().int(),
  amount_precision: z.number().int(),
  tick_size: decimal,
});
export type QuoteInfo = z.infer<typeof quoteInfo>;

export const klineBar = z.object({
  time: epochMs.describe('UTC start of the bar'),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  simulated: z
    .literal(true)
    .optional()
    .describe("demo: a bar of the simulated walk shown before the pair's first trade"),
});
export type KlineBar = z.infer<typeof klineBar>;

/**
 * Bars of [from, to) (`to` exclusive), ascending. When the range holds more than `limit` bars
 * the latest `limit` are returned: the next page back is `to` = the first bar's time.
 */
export const klineQuery = z.object({
  symbol: symbolField,
  period: periodField,
  from: timeField.describe('epoch ms, inclusive; default 0'),
  to: timeField.describe('epoch ms, exclusive; default now (the open bar included)'),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(KLINE_MAX_LIMIT).default(300),
  ),
  source: sourceField,
});

export const timeSharePoint = z.object({ time: epochMs, price: decimal });

export const TAKER_SIDES = ['buy', 'sell'] as const;
export const marketTrade = z.object({
  price: decimal,
  amount: decimal,
  side: z.enum(TAKER_SIDES).describe('the taker side'),
  time: epochMs,
});
export const bookDepth = z.object({
  bids: z.array(z.tuple([decimal, decimal])).describe('[price, amount], best (highest) first'),
  asks: z.array(z.tuple([decimal, decimal])).describe('[price, amount], best (lowest) first'),
});
export const marketDeal = bookDepth.extend({
  trades: z.array(marketTrade).describe('newest first'),
});
export type MarketDeal = z.infer<typeof marketDeal>;

export const favoriteSymbols = z.object({ symbols: z.array(z.string()) });

/** The `tickers` channel: every quote, about once a second; `time` is when it was published. */
export const tickersData = z.object({ time: epochMs, list: z.array(marketQuote) });
export type TickersData = z.infer<typeof tickersData>;
