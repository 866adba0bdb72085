import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, users } from './schema.ts';

/** Trading bots the exchange runs for users: recurring buys for now. */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull().$type<'recurring'>(),
    symbol: text('symbol').notNull(),
    status: text('status').notNull().$type<'running' | 'stopped'>(),
    // Quote spent each period.
    amount: money('amount').notNull(),
    every: text('every').notNull().$type<'hour' | 'day' | 'week' | 'month'>(),
    maxPrice: money('max_price'),
    // The calendar days, weeks and months follow, and the HH:MM chosen on it (null: none).
    timeZone: text('time_zone').notNull().default('UTC'),
    atTime: text('at_time'),
    // Period k is due at startAt + k periods.
    startAt: at('start_at').notNull(),
    nextPeriod: integer('next_period').notNull().default(0),
    createdAt: at('created_at').notNull(),
    stoppedAt: at('stopped_at'),
  },
  (t) => [
    index('bots_user_idx').on(t.userId, t.id),
    index('bots_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'running'`),
    check('bots_status', sql`${t.status} in ('running', 'stopped')`),
  ],
);

/** One period of a bot: the unique (bot, period) makes each period run once. */
export const botRuns = pgTable(
  'bot_runs',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id),
    period: integer('period').notNull(),
    at: at('at').notNull(),
    status: text('status').notNull().$type<'bought' | 'skipped'>(),
    reason: text('reason'),
    orderId: integer('order_id'),
    price: money('price'),
    amount: money('amount'),
    spent: money('spent'),
  },
  (t) => [uniqueIndex('bot_runs_period_uq').on(t.botId, t.period)],
);

/** Pairs whose bots an operator paused: their runs are skipped (`BOT_PAUSED`) until resumed. */
export const botPauses = pgTable('bot_pauses', {
  symbol: text('symbol').primaryKey(),
  adminId: integer('admin_id').notNull(),
  pausedAt: at('paused_at').notNull(),
});
