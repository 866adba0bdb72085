import { z } from 'zod';
import { amountField, currencyField, decimal, epochMs, idField, pageFields } from './fields.ts';

/** New-coin subscription (publication): projects, subscriptions (orders) and their records. */

export const PROJECT_STATES = ['subscribing', 'sold_out', 'launched'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];
/** review until allocation, then passed; rejected by an operator before it (payment returned). */
export const SUBSCRIPTION_STATES = ['review', 'passed', 'rejected'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const subscriptionConfig = z.object({
  states: z.array(z.enum(PROJECT_STATES)),
  record_states: z.array(z.enum(SUBSCRIPTION_STATES)),
  /** The coin issue prices and returns are counted in (USDT). */
  price_currency: z.object({ currency_id: z.number().int(), name: z.string() }),
  /** The server's time, for countdowns. */
  now: epochMs,
});

const coinRef = z.object({ currency_id: z.number().int(), name: z.string() });

export const projectItem = z.object({
  id: z.number().int(),
  /** The new token. */
  currency_id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  decimals: z.number().int(),
  issue_price: decimal.describe('USDT per token'),
  pay_currencies: z.array(coinRef),
  supply: decimal,
  /** Tokens asked for so far; above `supply` the project is oversubscribed. */
  subscribed: decimal,
  /** subscribed ÷ supply, capped at 1. */
  progress: decimal,
  min_tokens: decimal,
  lock_days: z.number().int(),
  start_time: epochMs,
  close_time: epochMs,
  launch_time: epochMs,
  state: z.enum(PROJECT_STATES),
  introduction: z.string(),
  website: z.string().nullable(),
  recommended: z.boolean(),
  /** The token's last recorded price once launched with a market, else the issue price. */
  price: decimal,
  /** Filled ÷ requested at allocation; null before. */
  fill_ratio: decimal.nullable(),
  allocated_at: epochMs.nullable(),
});
export type ProjectItem = z.infer<typeof projectItem>;

const stateFilter = z.preprocess(
  (v) => (v === '' || v === null || v === 'all' ? undefined : v),
  z.enum(PROJECT_STATES, { error: 'VALIDATION' }).optional(),
);
const optionalProjectId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  idField('PROJECT_INVALID').optional(),
);

/** `id` answers one project; otherwise a page of projects, by `state` when given. */
export const projectQuery = z.object({ id: optionalProjectId, state: stateFilter, ...pageFields });

export const subscribeBody = z.object({
  product_id: idField('PROJECT_INVALID'),
  currency_id: currencyField,
  number: amountField,
});
export type SubscribeBody = z.input<typeof subscribeBody>;

export const subscriptionCreated = z.object({
  id: z.number().int(),
  status: z.literal('review'),
  number: decimal,
  tokens: decimal,
  rate: decimal,
  rate_time: epochMs,
});

export const subscriptionQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === null || v === 'all' ? undefined : v),
    z.enum(SUBSCRIPTION_STATES, { error: 'VALIDATION' }).optional(),
  ),
  ...pageFields,
});

export const subscriptionItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  currency_id: z.number().int(),
  name: z.string(),
  pay_currency_id: z.number().int(),
  pay_name: z.string(),
  /** What was paid in (frozen until allocation). */
  number: decimal,
  /** USDT per payment coin when subscribing, and when it was recorded. */
  rate: decimal,
  rate_time: epochMs,
  /** Tokens asked for. */
  tokens: decimal,
  status: z.enum(SUBSCRIPTION_STATES),
  issue_price: decimal,
  lock_days: z.number().int(),
  /** After allocation: tokens received, payment kept, payment returned. */
  allocated: decimal.nullable(),
  paid: decimal.nullable(),
  refund: decimal.nullable(),
  /** Current token price (see projectItem.price). */
  price: decimal,
  /** (price − issue price) × allocated tokens, in USDT. */
  accumulated_return: decimal,
  /** (price − issue price) ÷ issue price. */
  return_rate: decimal,
  locked: z.boolean(),
  unlock_time: epochMs.nullable(),
  released_at: epochMs.nullable(),
  created_at: epochMs,
  /** When it was allocated (passed). */
  completed_at: epochMs.nullable(),
  /** Why an operator rejected it (the payment came back to available); null otherwise. */
  reason: z.string().nullable(),
  /** When an operator passed or rejected it; null while nobody has. */
  reviewed_at: epochMs.nullable(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;
