import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, money, users } from './schema.ts';

/**
 * Wealth (trust / custody): products, the users' custody orders, and one row per interest day.
 * Principal sits frozen in the user's trust account while in custody; interest comes from the
 * platform's `payouts` account.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
/** A daily or penalty rate such as 0.004 (0.4%). */
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/** A product users buy: seeded in demo mode, edited by operators. */
export const financeProducts = pgTable(
  'finance_products',
  {
    id: serial('id').primaryKey(),
    // A stable name for the seed ("usdt-15"): a product an operator removed or edited stays so.
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    days: integer('days').notNull(),
    minAmount: money('min_amount').notNull(),
    // Null: no maximum per order.
    maxAmount: money('max_amount'),
    dailyRate: rate('daily_rate').notNull(),
    // Null: 1.5 × the daily rate.
    penaltyRate: rate('penalty_rate'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('finance_products_days', sql`${t.days} > 0`),
    check('finance_products_rates', sql`${t.dailyRate} >= 0 and ${t.minAmount} >= 0`),
  ],
);

/**
 * One purchase. The terms (rates, days) are copied from the product when bought: later product
 * edits never change an order. Day k's interest is due at `startAt + k days`; the principal
 * returns with the last day's interest.
 */
export const financeOrders = pgTable(
  'finance_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => financeProducts.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    amount: money('amount').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    penaltyRate: rate('penalty_rate').notNull(),
    days: integer('days').notNull(),
    status: text('status').notNull().$type<'custody' | 'completed' | 'redeemed'>(),
    // Interest days paid so far (0..days).
    paidDays: integer('paid_days').notNull().default(0),
    earned: money('earned').notNull().default('0'),
    // Set on early redemption.
    penalty: money('penalty'),
    // What came back to the available balance when the order closed.
    returned: money('returned'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('finance_orders_user_idx').on(t.userId, t.status, t.startAt, t.id),
    index('finance_orders_custody_idx')
      .on(t.id)
      .where(sql`${t.status} = 'custody'`),
    check('finance_orders_status', sql`${t.status} in ('custody', 'completed', 'redeemed')`),
    check('finance_orders_days', sql`${t.paidDays} >= 0 and ${t.paidDays} <= ${t.days}`),
  ],
);

/** One interest payment: the unique (order, day) makes every day pay exactly once. */
export const financeInterest = pgTable(
  'finance_interest',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => financeOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coinId: integer('coin_id').notNull(),
    // 1..days of the order.
    day: integer('day').notNull(),
    amount: money('amount').notNull(),
    // When the day ended (what "earned today" counts), and when the job paid it.
    dueAt: at('due_at').notNull(),
    paidAt: at('paid_at').notNull(),
  },
  (t) => [
    uniqueIndex('finance_interest_day_uq').on(t.orderId, t.day),
    index('finance_interest_user_idx').on(t.userId, t.dueAt),
  ],
);
