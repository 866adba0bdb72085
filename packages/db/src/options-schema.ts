import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import type { IndexSourceRecord } from './price-index-schema.ts';
import { coins, money, users } from './schema.ts';

/**
 * Timed options. Periods are seeded on start and edited by the operator later. An order keeps
 * the prices it settles on with their tick times, so the user can check them; settlement
 * happens once (status open → settled, with one ledger entry keyed by the order).
 */
export const optionPeriods = pgTable(
  'option_periods',
  {
    seconds: integer('seconds').primaryKey(),
    // A win pays stake × (1 + profitRate).
    profitRate: numeric('profit_rate', { precision: 12, scale: 8 }).notNull(),
    // Minimum stake, in the option coin (USDT).
    minAmount: money('min_amount').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('option_periods_seconds', sql`${t.seconds} > 0`),
    check('option_periods_rate', sql`${t.profitRate} >= 0`),
  ],
);

export const optionOrders = pgTable(
  'option_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    type: text('type').notNull().$type<'call' | 'put' | 'even'>(),
    seconds: integer('seconds').notNull(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    // The stake, frozen in the options account while the order is open.
    number: money('number').notNull(),
    // The period's rate when bought: a later edit does not change an open order.
    profitRate: numeric('profit_rate', { precision: 12, scale: 8 }).notNull(),
    openPrice: money('open_price').notNull(),
    // Tick time of the opening price.
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    // Purchase time; delivery is createdAt + seconds.
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    settleTime: bigint('settle_time', { mode: 'number' }).notNull(),
    status: text('status').notNull().$type<'open' | 'settled'>().default('open'),
    closePrice: money('close_price'),
    // Tick time of the closing price (at or before settleTime).
    closeTime: bigint('close_time', { mode: 'number' }),
    // The index's sources of the closing price (venues, their prices, used or not); null on the walk.
    closeSources: jsonb('close_sources').$type<IndexSourceRecord[]>(),
    result: text('result').$type<'win' | 'lose' | 'refund'>(),
    // What the user gained (+) or lost (−) against the stake.
    profit: money('profit'),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [
    index('option_orders_due_idx')
      .on(t.settleTime, t.id)
      .where(sql`${t.status} = 'open'`),
    index('option_orders_user_idx').on(t.userId, t.status, t.createdAt, t.id),
    check('option_orders_type', sql`${t.type} in ('call', 'put', 'even')`),
    check('option_orders_status', sql`${t.status} in ('open', 'settled')`),
    check(
      'option_orders_result',
      sql`${t.result} is null or ${t.result} in ('win', 'lose', 'refund')`,
    ),
    check('option_orders_number', sql`${t.number} > 0`),
    check(
      'option_orders_settled',
      sql`(${t.status} = 'open') = (${t.result} is null and ${t.closePrice} is null)`,
    ),
  ],
);
