import { z } from 'zod';
import { decimal, epochMs, idField, pageFields } from './fields.ts';
import { symbolField } from './market.ts';

/**
 * Perpetual contracts (`lever/*`): the platform is the counterparty, every entry, stop, close and
 * liquidation uses a recorded price of the market, kept on the position with its time.
 */

export const LEVER_SIDES = ['long', 'short'] as const;
export const LEVER_TYPES = ['market', 'limit'] as const;
export const LEVER_STATUSES = ['waiting', 'holding', 'closed', 'cancelled'] as const;
export const LEVER_CLOSE_REASONS = [
  'manual',
  'stop_profit',
  'stop_loss',
  'trailing_stop',
  'liquidation',
] as const;
/** A trailing stop's distance: a price (below the peak for a long), or a percent of the peak. */
export const LEVER_TRAILING_UNITS = ['price', 'percent'] as const;
/** The tabs of `my_trade`: `holding` lists waiting limit entries too. */
export const LEVER_TABS = ['holding', 'closed', 'cancelled'] as const;
export type LeverSide = (typeof LEVER_SIDES)[number];
export type LeverStatus = (typeof LEVER_STATUSES)[number];
export type LeverCloseReason = (typeof LEVER_CLOSE_REASONS)[number];
export type LeverTrailingUnit = (typeof LEVER_TRAILING_UNITS)[number];

const blank = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : blank(v));

/** A positive price, at most 18 + 18 digits; the pair's price decimals are checked by the server. */
const priceField = z.preprocess(
  (v) => blank(trimmed(v)),
  z
    .string()
    .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'AMOUNT_INVALID' })
    .refine((v) => /[1-9]/.test(v), { error: 'AMOUNT_INVALID' })
    .optional(),
);

/** Lots: a whole number, at least 1. */
export const lotsField = z.preprocess(
  trimmed,
  z
    .string({ error: 'LEVER_LOTS_INVALID' })
    .regex(/^\d{1,9}$/, { error: 'LEVER_LOTS_INVALID' })
    .transform(Number)
    .refine((n) => n >= 1, { error: 'LEVER_LOTS_INVALID' }),
);

const multipleField = z.preprocess(
  trimmed,
  z
    .string({ error: 'LEVER_MULTIPLE_INVALID' })
    .regex(/^\d{1,4}$/, { error: 'LEVER_MULTIPLE_INVALID' })
    .transform(Number),
);

/**
 * A trailing stop: a positive distance (empty: none) and its unit (`price` by default). A percent
 * lies above 0 and below 100 with at most 2 decimals; a price distance's decimals are the pair's
 * (checked by the server, with the distance against the current price).
 */
const trailingFields = {
  trailing_distance: z.preprocess(
    (v) => blank(trimmed(v)),
    z
      .string({ error: 'LEVER_TRAILING_INVALID' })
      .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: 'LEVER_TRAILING_INVALID' })
      .refine((v) => /[1-9]/.test(v), { error: 'LEVER_TRAILING_INVALID' })
      .optional(),
  ),
  trailing_unit: z.preprocess(
    (v) => blank(trimmed(v)) ?? 'price',
    z.enum(LEVER_TRAILING_UNITS, { error: 'LEVER_TRAILING_UNIT_INVALID' }),
  ),
};

/** A percent distance: below 100, at most 2 decimals (the price checks are the server's). */
function checkTrailing(
  v: { trailing_distance?: string | undefined; trailing_unit: LeverTrailingUnit },
  ctx: z.RefinementCtx,
): void {
  if (v.trailing_distance === undefined || v.trailing_unit !== 'percent') return;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(v.trailing_distance))
    ctx.addIssue({
      code: 'custom',
      path: ['trailing_distance'],
      message: 'LEVER_TRAILING_PERCENT',
    });
}

export const leverDealBody = z.object({
  symbol: z.preprocess(blank, symbolField.optional()),
});

export const leverPair = z.object({
  symbol: z.string(),
  name: z.string(),
  currency_id: z.number().int().describe('the margin coin (USDT)'),
  lot_size: decimal.describe('base units per lot'),
  multiples: z.array(z.number().int()),
  spread: decimal.describe('fraction added to the price for a long entry, taken off for a short'),
  fee_rate: decimal.describe('fraction of the notional, charged at entry'),
  maintenance_ratio: decimal.describe('liquidation when margin + P&L falls to this × margin'),
  price: decimal.nullable().describe('last recorded price'),
  price_time: epochMs.nullable(),
  price_precision: z.number().int(),
});
export type LeverPair = z.infer<typeof leverPair>;

export const leverDeal = z.object({
  pairs: z.array(leverPair),
  /** The user's contract account in the margin coin. */
  balance: z.object({ currency_id: z.number().int(), available: decimal, frozen: decimal }),
});
export type LeverDeal = z.infer<typeof leverDeal>;

export const leverSubmitBody = z
  .object({
    symbol: symbolField,
    side: z.enum(LEVER_SIDES, { error: 'LEVER_SIDE_INVALID' }),
    type: z.preprocess(
      (v) => blank(v) ?? 'market',
      z.enum(LEVER_TYPES, { error: 'LEVER_TYPE_INVALID' }),
    ),
    price: priceField,
    lots: lotsField,
    multiple: multipleField,
    stop_profit: priceField,
    stop_loss: priceField,
    ...trailingFields,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'limit' && v.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'PRICE_REQUIRED' });
    checkTrailing(v, ctx);
  });
export type LeverSubmitBody = z.input<typeof leverSubmitBody>;

export const leverIdBody = z.object({ id: idField('LEVER_POSITION_NOT_FOUND') });

/** Every stop at once (stop profit, stop loss, trailing stop); an empty one is removed. */
export const leverSetStopBody = z
  .object({
    id: idField('LEVER_POSITION_NOT_FOUND'),
    stop_profit: priceField,
    stop_loss: priceField,
    ...trailingFields,
  })
  .superRefine(checkTrailing);

export const leverCloseAllBody = z.object({
  side: z.preprocess((v) => blank(v) ?? 'all', z.enum(['all', 'long', 'short'])),
  symbol: z.preprocess(blank, symbolField.optional()),
});

export const leverListBody = z.object({
  status: z.preprocess((v) => blank(v) ?? 'holding', z.enum(LEVER_TABS)),
  symbol: z.preprocess(blank, symbolField.optional()),
  ...pageFields,
});

export const leverPosition = z.object({
  id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  side: z.enum(LEVER_SIDES),
  type: z.enum(LEVER_TYPES),
  status: z.enum(LEVER_STATUSES),
  lots: z.number().int(),
  multiple: z.number().int(),
  lot_size: decimal,
  limit_price: decimal.nullable(),
  open_price: decimal.nullable().describe('null while a limit entry waits'),
  open_tick_price: decimal.nullable().describe('the recorded price the entry used'),
  spread: decimal.describe(
    'the spread the position was opened with: a market entry is open_tick_price plus it (long) or less it (short); a limit entry fills at its price once the recorded price with it reaches that',
  ),
  open_time: epochMs.nullable().describe('time of that recorded price'),
  margin: decimal,
  fee: decimal,
  stop_profit: decimal.nullable(),
  stop_loss: decimal.nullable(),
  liquidation_price: decimal.nullable(),
  trailing_distance: decimal
    .nullable()
    .describe('trailing stop: a price, or a percent of the peak'),
  trailing_unit: z.enum(LEVER_TRAILING_UNITS).nullable(),
  trailing_peak: decimal
    .nullable()
    .describe('the best recorded price since the trailing stop was set (long: highest)'),
  trailing_stop: decimal
    .nullable()
    .describe('where the trailing stop closes now: the peak less the distance (long)'),
  mark_price: decimal.nullable().describe('holding: the last recorded price'),
  mark_time: epochMs.nullable(),
  profit: decimal
    .nullable()
    .describe('holding: live P&L at the mark (loss capped at the margin); closed: realised'),
  margin_ratio: decimal
    .nullable()
    .describe(
      'holding: maintenance margin ÷ (margin + P&L) in percent; starts at the maintenance ratio, 100 = liquidation',
    ),
  close_price: decimal.nullable(),
  close_time: epochMs.nullable().describe('time of the recorded price the close used'),
  close_reason: z.enum(LEVER_CLOSE_REASONS).nullable(),
  created_at: epochMs,
});
export type LeverPosition = z.infer<typeof leverPosition>;

export const leverCloseAllResult = z.object({ list: z.array(leverPosition) });
