import Decimal from 'decimal.js';
import { z } from 'zod';
import { ADMIN_ROLES } from './admin.ts';
import type { ErrorCode } from './errors.ts';
import { decimal, epochMs, idField, optionalText, pageFields, requiredText } from './fields.ts';

/**
 * The operator console's own routes under /api/admin: dashboard, users, operators,
 * configuration and the filtered audit log. Bodies are JSON (the console sends JSON).
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
/** Early redemption: principal × rate × remaining days, at most 5% a day. */
export const penaltyRate = rateWithin('CONFIG_PENALTY_RATE_RANGE', { atMost: '0.05' });
/** Leverage multiples a contract pair offers: 1× to 125×, as the largest exchanges. */
const MAX_MULTIPLE = 125;
const multiple = z
  .number({ error: 'CONFIG_MULTIPLES_RANGE' })
  .int({ error: 'CONFIG_MULTIPLES_RANGE' })
  .min(1, { error: 'CONFIG_MULTIPLES_RANGE' })
  .max(MAX_MULTIPLE, { error: 'CONFIG_MULTIPLES_RANGE' });

// ---------- dashboard ----------

const coinTotal = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  amount: decimal.describe('passed today'),
});

export const consoleDashboard = z.object({
  users: z.object({ total: z.number().int(), today: z.number().int() }),
  queues: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    kyc: z.number().int(),
    subscriptions: z.number().int(),
    feedback: z.number().int(),
    chat: z.number().int().describe('conversations with unread user messages'),
  }),
  ledger: z.object({
    balanced: z.boolean(),
    coins: z.array(
      z.object({ currency_id: z.number().int(), name: z.string(), sum: decimal, ok: z.boolean() }),
    ),
    mismatched: z.number().int(),
  }),
  today: z.object({ deposits: z.array(coinTotal), withdrawals: z.array(coinTotal) }),
  market: z.object({
    source: z.string(),
    symbols: z.number().int(),
    fresh: z.number().int().describe('symbols with a recorded tick in the last minute'),
    stale: z.array(z.string()),
    last_tick_at: epochMs.nullable(),
  }),
});

// ---------- users ----------

export const consoleUsersQuery = z.object({
  ...pageFields,
  q: optionalText(200).describe('id, email, phone, nickname or invite code'),
  frozen: z.enum(['1', '0']).optional(),
});

export const consoleUser = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string(),
  invite_code: z.string(),
  invited_by: z.number().int().nullable(),
  kyc_basic: z.string(),
  kyc_advanced: z.string(),
  frozen: z.boolean(),
  lang: z.string(),
  created_at: epochMs,
});

const row = z.record(z.string(), z.unknown());

export const consoleUserDetail = z.object({
  user: consoleUser,
  kyc: z.array(row),
  balances: z.array(
    z.object({
      sub: z.string(),
      currency_id: z.number().int(),
      name: z.string(),
      available: decimal,
      frozen: decimal,
    }),
  ),
  postings: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      sub: z.string(),
      currency_id: z.number().int(),
      name: z.string(),
      amount: decimal,
      bucket: z.string(),
      ref: z.string(),
      at: epochMs,
    }),
  ),
  deposits: z.array(row),
  withdrawals: z.array(row),
  orders: z.array(row),
  positions: z.array(row),
  options: z.array(row),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: epochMs,
      last_seen_at: epochMs,
    }),
  ),
});

export const revokeResult = z.object({ count: z.number().int() });

// ---------- operators ----------

export const operatorItem = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  disabled: z.boolean(),
  created_at: epochMs,
});
export const operatorCreateBody = z.object({
  email: z.preprocess(
    text,
    z.email({ error: 'EMAIL_INVALID' }).max(200, { error: 'EMAIL_INVALID' }),
  ),
  password: z
    .string({ error: 'PASSWORD_REQUIRED' })
    .min(10, { error: 'PASSWORD_TOO_SHORT' })
    .max(200),
  role: z.enum(ADMIN_ROLES),
});
export const operatorUpdateBody = z.object({
  role: z.enum(ADMIN_ROLES).optional(),
  disabled: z.boolean().optional(),
  password: z.string().min(10, { error: 'PASSWORD_TOO_SHORT' }).max(200).optional(),
});

// ---------- audit ----------

export const auditSearchQuery = z.object({
  ...pageFields,
  admin: optionalText(200).describe("operator email (exact); 'system' for entries without one"),
  action: optionalText(100).describe('e.g. deposit.pass, or a prefix such as deposit.'),
  target_type: optionalText(50),
  target_id: z.coerce.number().int().positive().optional(),
  from: z.coerce.number().int().nonnegative().optional().describe('epoch ms, inclusive'),
  to: z.coerce.number().int().nonnegative().optional().describe('epoch ms, exclusive'),
});

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

export const configProject = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  name: z.string(),
  issue_price: decimal,
  pay_coins: z.array(z.number().int()),
  supply: decimal,
  min_tokens: decimal,
  lock_days: z.number().int(),
  start_at: epochMs,
  close_at: epochMs,
  launch_at: epochMs,
  introduction: z.record(z.string(), z.string()),
  website: z.string().nullable(),
  recommended: z.boolean(),
  allocated_at: epochMs.nullable(),
  subscriptions: z.number().int(),
});
/** A decimal string > 0 that fails with its own catalogue code. */
const positiveOr = (code: ErrorCode) =>
  z.preprocess(
    text,
    z
      .string({ error: code })
      .regex(/^\d{1,18}(\.\d{1,18})?$/, { error: code })
      .refine((v) => /[1-9]/.test(v), { error: code }),
  );
const payCoinId = z
  .number({ error: 'PROJECT_PAY_COIN_INVALID' })
  .int({ error: 'PROJECT_PAY_COIN_INVALID' })
  .positive({ error: 'PROJECT_PAY_COIN_INVALID' });

/**
 * Terms that shape subscriptions already made (price, pay coins) are fixed once one exists.
 * The server checks start < close < launch (PROJECT_TIMES_INVALID), that pay coins exist and
 * that min_tokens ≤ supply (CONFIG_MIN_ABOVE_MAX).
 */
export const configProjectBody = z.object({
  issue_price: positiveOr('PROJECT_PRICE_INVALID'),
  pay_coins: z
    .array(payCoinId, { error: 'PROJECT_PAY_COIN_INVALID' })
    .min(1, { error: 'PROJECT_PAY_COIN_INVALID' })
    .max(10, { error: 'PROJECT_PAY_COIN_INVALID' }),
  supply: positiveOr('PROJECT_SUPPLY_INVALID'),
  min_tokens: nonNegativeDecimal,
  lock_days: z.number().int().min(0).max(3650),
  start_at: epochMs,
  close_at: epochMs,
  launch_at: epochMs,
  introduction: z.record(z.string(), z.string().max(5000)),
  website: z.string().max(300).nullable().default(null),
  recommended: z.boolean().default(false),
});

/**
 * A new project: its token (a new coin row, or an existing coin that is neither a base coin nor
 * another project's token, with the same decimals) and the project's terms.
 */
export const configProjectCreate = configProjectBody.extend({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: 'PROJECT_TOKEN_INVALID' })
      .regex(/^[A-Z0-9]{2,10}$/, { error: 'PROJECT_TOKEN_INVALID' }),
  ),
  full_name: requiredText('PROJECT_TOKEN_INVALID', 100),
  decimals: z
    .number({ error: 'PROJECT_TOKEN_INVALID' })
    .int({ error: 'PROJECT_TOKEN_INVALID' })
    .min(0, { error: 'PROJECT_TOKEN_INVALID' })
    .max(18, { error: 'PROJECT_TOKEN_INVALID' }),
});

export const subscriptionQueueQuery = z.object({
  ...pageFields,
  status: z.enum(['review', 'passed', 'rejected', 'all']).default('review'),
  project_id: z.coerce.number().int().positive().optional(),
});
export const adminSubscription = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  project_id: z.number().int(),
  project: z.string(),
  pay_currency: z.string(),
  amount: decimal,
  rate: decimal,
  tokens: decimal,
  status: z.string(),
  allocated: decimal.nullable(),
  refund: decimal.nullable(),
  close_at: epochMs,
  created_at: epochMs,
  /** An operator's decision before the allocation: reason (rejections), who and when. */
  reason: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  /** The deciding operator's email. */
  reviewer: z.string().nullable(),
  reviewed_at: epochMs.nullable(),
  /** Pass or reject is still possible: under review, nobody decided, not allocated. */
  decidable: z.boolean(),
});
