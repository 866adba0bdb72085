import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, money, users } from './schema.ts';

/**
 * Flexible savings. The holding itself is the user's `savings` ledger account (available: earning,
 * frozen: redemptions over the day's quota, paid at the next UTC day); these tables hold the terms,
 * each holding's interest cursor, the daily payments and the redemptions.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** One band: the part of the balance up to `upTo` (null: the rest) earns `annualRate`. */
export interface SavingsTierTerms {
  upTo: string | null;
  annualRate: string;
}

/** A coin's terms, set in the console. */
export const savingsProducts = pgTable('savings_products', {
  coinId: integer('coin_id')
    .primaryKey()
    .references(() => coins.id),
  enabled: boolean('enabled').notNull().default(true),
  minAmount: money('min_amount').notNull().default('0'),
  // Instant redemption per user and UTC day; null: no limit.
  redeemQuota: money('redeem_quota'),
  tiers: jsonb('tiers').$type<SavingsTierTerms[]>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A user's holding of one coin: interest is accrued hour by hour up to `accruedUntil` (into
 * `accrued`), and paid for every UTC day up to `paidUntil`. Both move only under this row's lock,
 * so every hour and every day counts once, across restarts and processes.
 */
export const savingsPositions = pgTable(
  'savings_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    accruedUntil: at('accrued_until').notNull(),
    paidUntil: at('paid_until').notNull(),
    // Accrued since the last payment, unrounded.
    accrued: money('accrued').notNull().default('0'),
    earned: money('earned').notNull().default('0'),
    autoSubscribe: boolean('auto_subscribe').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.coinId] }),
    index('savings_positions_due_idx').on(t.accruedUntil),
  ],
);

/** One day's interest paid into a holding (the yield history). */
export const savingsPayouts = pgTable(
  'savings_payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id').notNull(),
    // The UTC day the interest was earned.
    day: at('day').notNull(),
    amount: money('amount').notNull(),
    paidAt: at('paid_at').notNull(),
  },
  (t) => [uniqueIndex('savings_payouts_day_uq').on(t.userId, t.coinId, t.day)],
);

/** A redemption: instant within the day's quota, else pending until `dueAt` (next UTC day). */
export const savingsRedemptions = pgTable(
  'savings_redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id').notNull(),
    amount: money('amount').notNull(),
    instant: boolean('instant').notNull(),
    status: text('status').notNull().$type<'pending' | 'paid'>(),
    createdAt: at('created_at').notNull(),
    dueAt: at('due_at').notNull(),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('savings_redemptions_user_idx').on(t.userId, t.coinId, t.createdAt),
    index('savings_redemptions_pending_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    check('savings_redemptions_status', sql`${t.status} in ('pending', 'paid')`),
  ],
);
