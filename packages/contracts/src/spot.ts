import { z } from 'zod';
import { decimal, epochMs, idField, pageFields } from './fields.ts';
import { symbolField } from './market.ts';

const trimmed = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
const blank = (v: unknown) => (v === '' || v === null ? undefined : trimmed(v));
const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;

/** A price or amount as text; the pair's tick, step and decimals are checked by the server. */
const positive = (required: 'PRICE_REQUIRED' | 'AMOUNT_REQUIRED') =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .regex(DECIMAL, { error: required === 'PRICE_REQUIRED' ? 'VALIDATION' : 'AMOUNT_INVALID' })
    .refine((v) => /[1-9]/.test(v), {
      error: required === 'PRICE_REQUIRED' ? 'PRICE_REQUIRED' : 'AMOUNT_INVALID',
    });

export const SPOT_SIDES = ['buy', 'sell'] as const;
export const SPOT_TYPES = ['limit', 'market'] as const;
export const SPOT_STATUSES = ['waiting', 'completed', 'cancelled'] as const;

/**
 * POST coin/trade: `amount` is base quantity; a market buy by `amount` spends at most the quote
 * balance. A market buy may instead give `funds`, the quote to spend (Binance's quoteOrderQty):
 * it buys as much base as that buys across the book.
 */
export const spotPlaceBody = z
  .object({
    symbol: symbolField,
    side: z.enum(SPOT_SIDES, { error: 'VALIDATION' }),
    type: z.preprocess(blank, z.enum(SPOT_TYPES, { error: 'VALIDATION' }).default('limit')),
    price: z.preprocess(blank, positive('PRICE_REQUIRED').optional()),
    amount: z.preprocess(blank, positive('AMOUNT_REQUIRED').optional()),
    funds: z.preprocess(blank, positive('AMOUNT_REQUIRED').optional()),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'limit' && v.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'PRICE_REQUIRED' });
    if (v.funds === undefined) {
      if (v.amount === undefined)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'AMOUNT_REQUIRED' });
    } else if (v.type !== 'market' || v.side !== 'buy' || v.amount !== undefined) {
      // Only a market buy spends a quote amount, and then it asks for no base amount too.
      // (Not a catalogue code: the answer is VALIDATION naming the field.)
      ctx.addIssue({ code: 'custom', path: ['funds'], message: 'funds: market buys only' });
    }
  });
export type SpotPlaceBody = z.input<typeof spotPlaceBody>;

export const spotCancelBody = z.object({ id: idField('ORDER_NOT_FOUND') });
export const spotOrderQuery = spotCancelBody;

export const spotListQuery = z.object({
  symbol: z.preprocess(blank, symbolField.optional()),
  status: z.preprocess(
    blank,
    z.enum([...SPOT_STATUSES, 'history'], { error: 'VALIDATION' }).optional(),
  ),
  ...pageFields,
});

export const spotPair = z.object({
  symbol: z.string(),
  name: z.string(),
  base: z.string(),
  quote: z.string(),
  base_currency_id: z.number().int(),
  quote_currency_id: z.number().int(),
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  tick: decimal,
  step: decimal,
  maker_fee: decimal,
  taker_fee: decimal,
});

export const spotOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: z.enum(SPOT_SIDES),
  type: z.enum(SPOT_TYPES),
  price: decimal.nullable().describe('limit price; null for market orders'),
  amount: decimal.describe('base quantity asked for; for a market buy by `funds`, what it bought'),
  funds: decimal
    .nullable()
    .describe(
      'quote a market buy could spend (the `funds` asked for, else its estimate); null otherwise',
    ),
  filled: decimal,
  filled_quote: decimal,
  avg_price: decimal.nullable(),
  fee: decimal.describe('in fee_currency: the coin received'),
  fee_currency: z.string(),
  status: z.enum(SPOT_STATUSES),
  cancel_reason: z.string().nullable().describe('user, self-trade or market-remainder'),
  created_at: epochMs,
  updated_at: epochMs,
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const spotFill = z.object({
  price: decimal,
  amount: decimal,
  quote: decimal,
  fee: decimal,
  role: z.enum(['maker', 'taker']),
  time: epochMs,
});
export const spotOrderDetail = spotOrder.extend({ trades: z.array(spotFill) });
