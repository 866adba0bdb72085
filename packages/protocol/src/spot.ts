import { z } from 'zod';
import { decimal, epochMs, idField, pageFields } from './fields.ts';
import { symbolField } from './market.ts';

const trimmed = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
const blank = (v: unknown) => (v === '' || v === null ? undefined : trimmed(v));
const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;

/** A price or amount as text; the pair's tick, step and decimals are checked by the server. */
const positive = (required: 'PRICE_REQUIRED' | 'AMOUNT_REQUIRED' | 'STOP_PRICE_REQUIRED') =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .regex(DECIMAL, { error: required === 'AMOUNT_REQUIRED' ? 'AMOUNT_INVALID' : 'VALIDATION' })
    .refine((v) => /[1-9]/.test(v), {
      error: required === 'AMOUNT_REQUIRED' ? 'AMOUNT_INVALID' : required,
    });

/** `1`/`true` or `0`/`false`/absent, as a form or JSON sends a switch. */
const flag = z.preprocess(
  (v) =>
    v === undefined || v === null || v === '' || v === '0' || v === 0 || v === 'false'
      ? false
      : v === '1' || v === 1 || v === 'true'
        ? true
        : v,
  z.boolean({ error: 'VALIDATION' }),
);

export const SPOT_SIDES = ['buy', 'sell'] as const;
/** What an order is; an OCO is placed as two orders, a `limit` and a `stop_limit`. */
export const SPOT_TYPES = ['limit', 'market', 'stop_limit', 'stop_market'] as const;
export const SPOT_PLACE_TYPES = [...SPOT_TYPES, 'oco'] as const;
export const SPOT_STATUSES = ['waiting', 'completed', 'cancelled'] as const;
/** Why an order ended without filling whole. */
export const SPOT_CANCEL_REASONS = [
  'user',
  'self-trade',
  'market-remainder',
  'dust',
  'ioc-remainder',
  'fok',
  'oco',
  'no-liquidity',
  'rejected',
] as const;
export type SpotCancelReason = (typeof SPOT_CANCEL_REASONS)[number];
export const TIME_IN_FORCE = ['gtc', 'ioc', 'fok'] as const;
/** A stop order's state: waiting for its price (not in the book), or triggered (it is an order). */
export const SPOT_TRIGGERS = ['pending', 'triggered'] as const;
export type SpotPlaceType = (typeof SPOT_PLACE_TYPES)[number];

const PRICED: readonly SpotPlaceType[] = ['limit', 'stop_limit', 'oco'];
const STOPPED: readonly SpotPlaceType[] = ['stop_limit', 'stop_market', 'oco'];

/**
 * POST coin/trade: `amount` is base quantity; a market buy by `amount` spends at most the quote
 * balance. A market buy may instead give `funds`, the quote to spend (Binance's quoteOrderQty):
 * it buys as much base as that buys across the book. Stop orders wait for the pair's last trade
 * price to reach `stop_price` (a buy when it rises to it, a sell when it falls to it); an OCO is
 * a limit order at `price` and a stop-limit (`stop_price`, `stop_limit_price`) on one amount.
 */
export const spotPlaceBody = z
  .object({
    symbol: symbolField,
    side: z.enum(SPOT_SIDES, { error: 'VALIDATION' }),
    type: z.preprocess(blank, z.enum(SPOT_PLACE_TYPES, { error: 'VALIDATION' }).default('limit')),
    price: z.preprocess(blank, positive('PRICE_REQUIRED').optional()),
    amount: z.preprocess(blank, positive('AMOUNT_REQUIRED').optional()),
    funds: z.preprocess(blank, positive('AMOUNT_REQUIRED').optional()),
    time_in_force: z.preprocess(
      blank,
      z.enum(TIME_IN_FORCE, { error: 'VALIDATION' }).default('gtc'),
    ),
    post_only: flag,
    stop_price: z.preprocess(blank, positive('STOP_PRICE_REQUIRED').optional()),
    stop_limit_price: z.preprocess(blank, positive('PRICE_REQUIRED').optional()),
  })
  .superRefine((v, ctx) => {
    // Not catalogue codes where the field is simply not for this order: VALIDATION naming it.
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (PRICED.includes(v.type) && v.price === undefined) issue('price', 'PRICE_REQUIRED');
    if (STOPPED.includes(v.type) && v.stop_price === undefined)
      issue('stop_price', 'STOP_PRICE_REQUIRED');
    if (!STOPPED.includes(v.type) && v.stop_price !== undefined)
      issue('stop_price', 'stop_price: stop and OCO orders only');
    if (v.type === 'oco' && v.stop_limit_price === undefined)
      issue('stop_limit_price', 'PRICE_REQUIRED');
    if (v.type !== 'oco' && v.stop_limit_price !== undefined)
      issue('stop_limit_price', 'stop_limit_price: OCO orders only');
    if (v.time_in_force !== 'gtc' && v.type !== 'limit' && v.type !== 'stop_limit')
      issue('time_in_force', 'time_in_force: limit and stop-limit orders only');
    if (v.post_only && (v.type !== 'limit' || v.time_in_force !== 'gtc'))
      issue('post_only', 'post_only: GTC limit orders only');
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
  price: decimal.nullable().describe('limit price; null for market and stop-market orders'),
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
  cancel_reason: z
    .enum(SPOT_CANCEL_REASONS)
    .nullable()
    .describe(
      "why it ended: user, self-trade, market-remainder (the book ran out), dust (a market buy's funds left over buy less than one amount step), ioc-remainder, fok, oco (the other leg filled or triggered) no-liquidity (a stop-market with nothing to trade) or rejected (a triggered stop whose price or amount the book no longer accepts)",
    ),
  time_in_force: z.enum(TIME_IN_FORCE),
  post_only: z.boolean(),
  stop_price: decimal.nullable().describe('the last trade price that triggers a stop order'),
  trigger: z
    .enum(SPOT_TRIGGERS)
    .nullable()
    .describe('stop orders: pending (holds its funds, not in the book) or triggered; else null'),
  oco_id: z.number().int().nullable().describe('the other order of an OCO pair'),
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
