import { z } from 'zod';
import { nonNegativeDecimal } from './console-config.ts';
import type { ErrorCode } from './errors.ts';
import { decimal, epochMs, pageFields, requiredText } from './fields.ts';

/** The operator console's subscription projects and its queue of subscriptions to decide. */

const text = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;

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
