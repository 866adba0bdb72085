import Decimal from 'decimal.js';
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { decimal, idField, requiredText } from './fields.ts';

/**
 * The operator console's configuration routes under /api/admin/config: coins, spot and contract
 * pairs, option periods and finance products, with the bounds their rates must keep.
 */

const text = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
/** What numeric(36,18) holds: 18 integer and 18 fraction digits. */
const AMOUNT = /^\d{1,18}(\.\d{1,18})?$/;
/** Rate columns are numeric(12,8): a 9th decimal would be rounded away when saved. */
const RATE = /^\d{1,4}(\.\d{1,8})?$/;

/** A decimal string ≥ 0 (a minimum, a fee); malformed: VALIDATION naming the field. */
export const nonNegativeDecimal = z.preprocess(text, z.string().regex(AMOUNT));
/** A decimal string > 0. */
export const positiveDecimal = nonNegativeDecimal.refine((v) => /[1-9]/.test(v));

interface Bounds {
  /** Exclusive lower bound; without it the rate may be 0. */
  above?: string;
  /** Inclusive upper bound. */
  atMost?: string;
  /** Exclusive upper bound. */
  below?: string;
}
/** Compared as decimals, never as floats. A malformed value is left to the pattern's VALIDATION. */
const inBounds = (v: string, b: Bounds) => {
  if (!RATE.test(v)) return true;
  const r = new Decimal(v);
  return (
    (b.above === undefined || r.gt(b.above)) &&
    (b.atMost === undefined || r.lte(b.atMost)) &&
    (b.below === undefined || r.lt(b.below))
  );
};
/** A rate (0.01 is 1%) within `bounds`; outside them it fails with `code`. */
const rateWithin = (code: ErrorCode, bounds: Bounds) =>
  z.preprocess(text, z.string().regex(RATE)).refine((v) => inBounds(v, bounds), { error: code });

/** An option's payout: a win pays stake × (1 + rate), so at most 100% profit. */
export const payoutRate = rateWithin('CONFIG_PAYOUT_RANGE', { above: '0', atMost: '1' });
/** Trading fees (spot maker and taker, contract entry): at most 1%. */
export const feeRate = rateWithin('CONFIG_FEE_RANGE', { atMost: '0.01' });
/** A contract's spread, a fraction of the price: at most 1%. */
export const spreadRate = rateWithin('CONFIG_SPREAD_RANGE', { atMost: '0.01' });
/** Liquidation at this share of the margin: 0 never liquidates, 1 liquidates at once. */
export const maintenanceRatio = rateWithin('CONFIG_MAINTENANCE_RANGE', { above: '0', below: '1' });
/** A custody product's interest: at most 1% a day. */
export const dailyRate = rateWithin('CONFIG_DAILY_RATE_RANGE', { above: '0', atMost: '0.01' });
/** A flexible savings band's interest: at most 100% a year. */
export const annualRate = rateWithin('CONFIG_ANNUAL_RATE_RANGE', { atMost: '1' });
/** Early redemption: principal × rate × remaining days, at most 5% a day. */
export const penaltyRate = rateWithin('CONFIG_PENALTY_RATE_RANGE', { atMost: '0.05' });
/** Leverage multiples a contract pair offers: 1× to 125×, as the largest exchanges. */
const MAX_MULTIPLE = 125;
const multiple = z
  .number({ error: 'CONFIG_MULTIPLES_RANGE' })
  .int({ error: 'CONFIG_MULTIPLES_RANGE' })
  .min(1, { error: 'CONFIG_MULTIPLES_RANGE' })
  .max(MAX_MULTIPLE, { error: 'CONFIG_MULTIPLES_RANGE' });

// ---------- configuration ----------

export const symbolParams = z.object({
  symbol: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.string().regex(/^[A-Z0-9]{2,20}$/, { error: 'SYMBOL_UNKNOWN' }),
  ),
});
export const secondsParams = z.object({ seconds: idField('NOT_FOUND') });

export const configCoin = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  decimals: z.number().int(),
  networks: z.array(
    z.object({
      network: z.string(),
      deposit: z
        .enum(['xpub', 'address', 'demo', 'none'])
        .describe('where deposit addresses come from (DEPOSIT_XPUBS / DEPOSIT_ADDRESSES)'),
      address: z.string().nullable(),
    }),
  ),
  deposit_min: decimal,
  withdraw_min: decimal,
  withdraw_fee: decimal,
  sort: z.number().int(),
});
/** The server also wants withdraw_min above a non-zero withdraw_fee and ≤ every network limit. */
export const configCoinBody = z.object({
  full_name: requiredText('VALIDATION', 100),
  networks: z.array(z.string().regex(/^[A-Z0-9_-]{2,16}$/, { error: 'NETWORK_INVALID' })).max(10),
  deposit_min: nonNegativeDecimal,
  withdraw_min: nonNegativeDecimal,
  withdraw_fee: nonNegativeDecimal,
  sort: z.number().int().min(0).max(100_000),
});

export const configSpotPair = z.object({
  symbol: z.string(),
  price_scale: z.number().int(),
  amount_scale: z.number().int(),
  tick: decimal,
  step: decimal,
  maker_fee: decimal,
  taker_fee: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
  open_orders: z.number().int(),
});
export const configSpotPairBody = z.object({
  tick: positiveDecimal,
  step: positiveDecimal,
  maker_fee: feeRate,
  taker_fee: feeRate,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});

export const configLeverPair = z.object({
  symbol: z.string(),
  lot_size: decimal,
  multiples: z.array(z.number().int()),
  spread: decimal,
  fee_rate: decimal,
  maintenance_ratio: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const configLeverPairBody = z.object({
  lot_size: positiveDecimal,
  multiples: z
    .array(multiple, { error: 'CONFIG_MULTIPLES_RANGE' })
    .min(1, { error: 'CONFIG_MULTIPLES_RANGE' })
    .max(20, { error: 'CONFIG_MULTIPLES_RANGE' }),
  spread: spreadRate,
  fee_rate: feeRate,
  maintenance_ratio: maintenanceRatio,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});

export const configOptionPeriod = z.object({
  seconds: z.number().int(),
  profit_rate: decimal,
  min_amount: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const configOptionPeriodBody = z.object({
  profit_rate: payoutRate,
  min_amount: positiveDecimal,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});
export const configOptionPeriodCreate = configOptionPeriodBody.extend({
  seconds: z.number().int().min(5).max(86_400),
});

export const configFinanceProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency_id: z.number().int(),
  days: z.number().int(),
  min_amount: decimal,
  max_amount: decimal.nullable(),
  daily_rate: decimal,
  penalty_rate: decimal.nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const configFinanceProductBody = z.object({
  name: requiredText('VALIDATION', 100),
  currency_id: z.number().int().positive(),
  days: z.number().int().min(1).max(3650),
  min_amount: positiveDecimal,
  max_amount: positiveDecimal.nullable().describe('null: none; at least min_amount'),
  daily_rate: dailyRate,
  penalty_rate: penaltyRate.nullable(),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});
