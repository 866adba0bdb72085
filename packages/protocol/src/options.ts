import { z } from 'zod';
import { indexSource } from './price-index.ts';
import { amountField, currencyField, decimal, epochMs, pageFields, pageOf } from './fields.ts';

/** Timed options: call, put and even, settled on recorded prices (decisions: Timed options). */

export const OPTION_TYPES = ['call', 'put', 'even'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];
export const OPTION_RESULTS = ['win', 'lose', 'refund'] as const;
export type OptionResult = (typeof OPTION_RESULTS)[number];
export const OPTION_STATUSES = ['open', 'settled'] as const;
export type OptionStatus = (typeof OPTION_STATUSES)[number];

/** A period the operator offers: its length, payout rate on a win and minimum stake. */
export const optionPeriod = z.object({
  seconds: z.number().int(),
  profit_rate: decimal.describe('a win pays stake × (1 + profit_rate)'),
  min_amount: decimal,
});
export type OptionPeriod = z.infer<typeof optionPeriod>;

/** A coin options are staked in, with the caller's options-account balance. */
export const optionCurrency = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  decimals: z.number().int(),
  available: decimal,
});
export type OptionCurrency = z.infer<typeof optionCurrency>;

/** What the options page needs at once: symbols, periods, coins and the caller's standing. */
export const optionInfo = z.object({
  symbols: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      price_precision: z.number().int(),
      price: decimal.nullable().describe('last recorded price'),
      price_time: epochMs.nullable(),
    }),
  ),
  periods: z.array(optionPeriod),
  currencies: z.array(optionCurrency),
  types: z.array(z.enum(OPTION_TYPES)),
  /** Basic KYC verified: buying needs it. */
  kyc_ok: z.boolean(),
});
export type OptionInfo = z.infer<typeof optionInfo>;

const symbolField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'SYMBOL_UNKNOWN' }).regex(/^[A-Z0-9]{2,20}$/, { error: 'SYMBOL_UNKNOWN' }),
);

export const optionSubmitBody = z.object({
  symbol: symbolField,
  type: z.enum(OPTION_TYPES, { error: 'OPTION_TYPE_INVALID' }),
  seconds: z.coerce
    .number({ error: 'OPTION_PERIOD_REQUIRED' })
    .int({ error: 'OPTION_PERIOD_INVALID' })
    .positive({ error: 'OPTION_PERIOD_REQUIRED' }),
  currency_id: currencyField,
  number: amountField,
});
export type OptionSubmitBody = z.input<typeof optionSubmitBody>;

export const optionSubmitResult = z.object({
  id: z.number().int(),
  open_price: decimal,
  /** When the opening price was recorded (its tick time). */
  open_time: epochMs,
  /** Delivery: purchase time + seconds. */
  settle_time: epochMs,
});
export type OptionSubmitResult = z.infer<typeof optionSubmitResult>;

export const optionOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  type: z.enum(OPTION_TYPES),
  seconds: z.number().int(),
  currency_id: z.number().int(),
  currency: z.string(),
  number: decimal,
  profit_rate: decimal,
  open_price: decimal,
  open_time: epochMs.describe('tick time of the opening price'),
  created_at: epochMs.describe('purchase time'),
  settle_time: epochMs.describe('delivery time'),
  close_price: decimal.nullable(),
  close_time: epochMs.nullable().describe('tick time of the closing price'),
  close_sources: z
    .array(indexSource)
    .nullable()
    .describe("the index's venues and their prices behind the closing price (null on the walk)"),
  status: z.enum(OPTION_STATUSES),
  result: z.enum(OPTION_RESULTS).nullable(),
  /** Gain (positive), loss (the stake, negative) or 0 on a refund; null while open. */
  profit: decimal.nullable(),
  settled_at: epochMs.nullable(),
});
export type OptionOrder = z.infer<typeof optionOrder>;

export const optionListQuery = z.object({
  status: z.enum(OPTION_STATUSES, { error: 'VALIDATION' }).default('open'),
  ...pageFields,
});
export const optionList = pageOf(optionOrder);
export type OptionList = z.infer<typeof optionList>;

export const optionDetailQuery = z.object({
  id: z.coerce.number({ error: 'OPTION_NOT_FOUND' }).int().positive(),
});
