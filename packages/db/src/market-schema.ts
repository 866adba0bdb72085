import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money, users } from './schema.ts';

/**
 * Market data: every tick as the source reported it, the klines aggregated from them (and the
 * back-filled history of the simulated market), and each user's favourite symbols.
 * Times are epoch milliseconds (UTC); prices and amounts numeric(36,18), read as strings.
 */

/**
 * Every recorded tick. Options, stops and liquidations settle on "the last price at or before T":
 * `WHERE symbol = $1 AND time <= $2 ORDER BY time DESC, id DESC LIMIT 1` on the index below.
 * Kept TICK_RETENTION_DAYS (default 30) days.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    // Insertion order: the tie-break between ticks of the same millisecond.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbol: text('symbol').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    volume: money('volume').notNull(),
  },
  (t) => [index('market_ticks_symbol_time_idx').on(t.symbol, t.time, t.id)],
);

/**
 * OHLCV bars per symbol and period (1min 5min 30min 60min 1day 1week 1mon); `time` is the UTC
 * start of the bar (weeks start Monday, months on the 1st). The open bar of each period is
 * rewritten as ticks arrive, in the same transaction as the ticks.
 */
export const marketKlines = pgTable(
  'market_klines',
  {
    symbol: text('symbol').notNull(),
    period: text('period').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
  },
  (t) => [primaryKey({ name: 'market_klines_pk', columns: [t.symbol, t.period, t.time] })],
);

/** A user's favourite symbols, listed in the order they were added. */
export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_favorites_pk', columns: [t.userId, t.symbol] })],
);
