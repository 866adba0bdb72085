import { z } from 'zod';
import { decimal, currencyField } from './fields.ts';
import { nonNegativeDecimal, positiveDecimal } from './console-config.ts';

/** The console's market maker (/api/admin/maker): per spot pair, quoted around the index. */

/** What a pair's maker does now: why it quotes less than configured, if it does. */
export const makerState = z.enum(['off', 'quoting', 'stale', 'paused', 'not_owner']);
export type MakerState = z.infer<typeof makerState>;

export const makerPnl = z.object({
  /** Base bought minus sold by the maker's fills. */
  position: decimal,
  /** Of the amount both bought and sold: what selling above the average buy made. */
  realised: decimal,
  /** Quote received minus spent, plus the position at the index: the whole result now. */
  marked: decimal,
});

export const makerPairView = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  levels: z.number().int(),
  spread_bps: z.number().int(),
  size: decimal,
  refresh_ms: z.number().int(),
  base_min: decimal.nullable(),
  base_max: decimal.nullable(),
  quote_min: decimal.nullable(),
  quote_max: decimal.nullable(),
  hedge: z.boolean(),
  max_unhedged: decimal,
  state: makerState,
  /** Sides left out for a bound: `buy`, `sell`. */
  bounded: z.array(z.enum(['buy', 'sell'])),
  index: decimal.nullable(),
  open_orders: z.number().int(),
  /** Base amount of fills not yet hedged. */
  unhedged: decimal,
  pnl: makerPnl,
});

export const makerOverview = z.object({
  pairs: z.array(makerPairView),
  /** The market_maker platform account, per coin. */
  inventory: z.array(
    z.object({
      currency_id: z.number().int(),
      coin: z.string(),
      available: decimal,
      frozen: decimal,
    }),
  ),
  /** `HEDGE_VENUE`, or null without one (the secret is never shown). */
  hedge_venue: z.string().nullable(),
});

const bound = z.preprocess((v) => (v === '' ? null : v), nonNegativeDecimal.nullable());
export const makerPairBody = z.object({
  enabled: z.boolean(),
  levels: z.number().int().min(1).max(50),
  spread_bps: z.number().int().min(1).max(5000),
  size: positiveDecimal,
  refresh_ms: z.number().int().min(200).max(3_600_000),
  base_min: bound,
  base_max: bound,
  quote_min: bound,
  quote_max: bound,
  hedge: z.boolean(),
  max_unhedged: nonNegativeDecimal,
});

export const makerFundBody = z.object({
  currency_id: currencyField,
  amount: positiveDecimal,
  /** `in`: from the treasury to the maker; `out`: back. */
  direction: z.enum(['in', 'out']),
});

export const makerKillResult = z.object({ cancelled: z.number().int() });

export const makerFill = z.object({
  trade_id: z.number().int(),
  symbol: z.string(),
  /** The maker's side. */
  side: z.enum(['buy', 'sell']),
  price: decimal,
  amount: decimal,
  time: z.number().int(),
});

export const makerHedge = z.object({
  trade_id: z.number().int(),
  side: z.enum(['buy', 'sell']),
  amount: decimal,
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number().int(),
  venue: z.string(),
  venue_order_id: z.string().nullable(),
  price: decimal.nullable(),
  error: z.string().nullable(),
});

export const makerFillsQuery = z.object({
  symbol: z.string().regex(/^[A-Z0-9]{2,20}$/, { error: 'SYMBOL_UNKNOWN' }),
});

export const makerFills = z.object({ fills: z.array(makerFill), hedges: z.array(makerHedge) });
