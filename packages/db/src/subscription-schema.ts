import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { admins, coins, money, users } from './schema.ts';

/**
 * New-coin subscription (publication): projects that sell a new token at an issue price, and the
 * users' subscriptions to them. Payments, refunds and tokens move only through the ledger.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A project. The token is a row of `coins` (ids from 100 for demo projects). The issue price is in
 * USDT per token; payment in another coin is converted at its recorded price when subscribing.
 * States follow the clock: subscribing until `closeAt`, then sold out, launched from `launchAt`.
 */
export const subscriptionProjects = pgTable(
  'subscription_projects',
  {
    id: serial('id').primaryKey(),
    coinId: integer('coin_id')
      .notNull()
      .unique()
      .references(() => coins.id),
    issuePrice: money('issue_price').notNull(),
    // Coin ids accepted as payment, e.g. [3, 1, 2].
    payCoins: jsonb('pay_coins').$type<number[]>().notNull(),
    supply: money('supply').notNull(),
    // The least one subscription may ask for, in tokens.
    minTokens: money('min_tokens').notNull().default('0'),
    lockDays: integer('lock_days').notNull(),
    startAt: at('start_at').notNull(),
    closeAt: at('close_at').notNull(),
    launchAt: at('launch_at').notNull(),
    // Per language (en, zh, ...); en is the fallback.
    introduction: jsonb('introduction').$type<Record<string, string>>().notNull(),
    website: text('website'),
    recommended: boolean('recommended').notNull().default(false),
    // Set once, in the transaction that allocated every subscription of the project.
    allocatedAt: at('allocated_at'),
    // Filled tokens / requested tokens at allocation (1 when not oversubscribed).
    fillRatio: money('fill_ratio'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscription_projects_close_idx').on(t.closeAt),
    check('subscription_projects_times', sql`${t.startAt} < ${t.closeAt}`),
    check('subscription_projects_positive', sql`${t.issuePrice} > 0 and ${t.supply} > 0`),
  ],
);

/**
 * One subscription: `amount` of the payment coin frozen in the user's currency account, worth
 * `tokens` requested at `rate` USDT per payment coin (recorded at `rateTime`). Under review until
 * allocation; passed with `allocated` tokens (frozen until `unlockAt`) and `refund` returned.
 * A reviewer may reject it before the allocation (`reason`; the payment returns, the allocation
 * leaves it out) or pass it (`reviewedBy`/`reviewedAt` set, still `review` until allocation).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => subscriptionProjects.id),
    payCoinId: integer('pay_coin_id')
      .notNull()
      .references(() => coins.id),
    amount: money('amount').notNull(),
    rate: money('rate').notNull(),
    rateTime: at('rate_time').notNull(),
    tokens: money('tokens').notNull(),
    status: text('status').notNull().default('review').$type<'review' | 'passed' | 'rejected'>(),
    allocated: money('allocated'),
    paid: money('paid'),
    refund: money('refund'),
    allocatedAt: at('allocated_at'),
    unlockAt: at('unlock_at'),
    releasedAt: at('released_at'),
    // An operator's decision before the allocation: who, when, and the reason of a rejection.
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.id),
    index('subscriptions_project_idx').on(t.projectId),
    index('subscriptions_unlock_idx').on(t.unlockAt),
    check('subscriptions_status', sql`${t.status} in ('review', 'passed', 'rejected')`),
  ],
);
