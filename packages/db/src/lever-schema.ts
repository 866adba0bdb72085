import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { coins, money, users } from './schema.ts';

/** A rate such as 0.0005 (0.05%). */
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * Perpetual contract pairs: one per listed crypto symbol, margined in `coinId` (USDT). Seeded on
 * start; the operator console edits them later (an edit applies to new positions only: every
 * position copies the terms it was opened with).
 */
export const leverPairs = pgTable('lever_pairs', {
  symbol: text('symbol').primaryKey(),
  coinId: integer('coin_id')
    .notNull()
    .references(() => coins.id),
  // Base units per lot (the contract unit), e.g. 0.01 BTC.
  lotSize: money('lot_size').notNull(),
  // Allowed leverage multiples, ascending.
  multiples: integer('multiples').array().notNull(),
  // Fraction added to the recorded price for a long entry, taken off it for a short one.
  spread: rate('spread').notNull(),
  // Fraction of the notional (entry price × lots × lot size) charged once, at entry.
  feeRate: rate('fee_rate').notNull(),
  // Liquidation when margin + unrealised P&L falls to this fraction of the margin.
  maintenanceRatio: rate('maintenance_ratio').notNull().default('0.2'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * A position, from entry to its end. `waiting` is a limit entry not yet filled (its margin and fee
 * are frozen); `holding` an open position; `closed` carries the close price, time and reason;
 * `cancelled` a limit entry withdrawn. Every price a position settled on is a recorded tick, kept
 * here with its time. Triggers (stops, limit entries, liquidation) rebuild from the open rows.
 */
export const leverPositions = pgTable(
  'lever_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    coinId: integer('coin_id').notNull(),
    side: text('side').notNull().$type<'long' | 'short'>(),
    type: text('type').notNull().$type<'market' | 'limit'>(),
    status: text('status').notNull().$type<'waiting' | 'holding' | 'closed' | 'cancelled'>(),
    lots: integer('lots').notNull(),
    multiple: integer('multiple').notNull(),
    lotSize: money('lot_size').notNull(),
    spread: rate('spread').notNull(),
    feeRate: rate('fee_rate').notNull(),
    maintenanceRatio: rate('maintenance_ratio').notNull(),
    // Limit entries: the price asked for (the fill price).
    limitPrice: money('limit_price'),
    openPrice: money('open_price'),
    // The recorded tick the entry used (market: the last price; limit: the tick that crossed).
    openTickPrice: money('open_tick_price'),
    openTime: bigint('open_time', { mode: 'number' }),
    margin: money('margin').notNull(),
    fee: money('fee').notNull(),
    stopProfit: money('stop_profit'),
    stopLoss: money('stop_loss'),
    liquidationPrice: money('liquidation_price'),
    closePrice: money('close_price'),
    closeTime: bigint('close_time', { mode: 'number' }),
    closeReason: text('close_reason').$type<
      'manual' | 'stop_profit' | 'stop_loss' | 'trailing_stop' | 'liquidation'
    >(),
    // Trailing stop: the distance (a price, or a percent of the peak) the stop follows the peak by.
    trailingDistance: money('trailing_distance'),
    trailingUnit: text('trailing_unit').$type<'price' | 'percent'>(),
    // The best recorded mark since the trailing stop was set: highest for a long, lowest for a short.
    trailingPeak: money('trailing_peak'),
    // When the user was last warned that the mark neared the liquidation price (once per approach).
    liquidationWarnedAt: bigint('liquidation_warned_at', { mode: 'number' }),
    profit: money('profit'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('lever_positions_open_idx')
      .on(t.symbol, t.id)
      .where(sql`${t.status} in ('waiting', 'holding')`),
    index('lever_positions_user_idx').on(t.userId, t.status, t.createdAt, t.id),
    check('lever_positions_side', sql`${t.side} in ('long', 'short')`),
    check('lever_positions_type', sql`${t.type} in ('market', 'limit')`),
    check(
      'lever_positions_status',
      sql`${t.status} in ('waiting', 'holding', 'closed', 'cancelled')`,
    ),
    check(
      'lever_positions_reason',
      sql`${t.closeReason} is null or ${t.closeReason} in ('manual', 'stop_profit', 'stop_loss', 'trailing_stop', 'liquidation')`,
    ),
    check(
      'lever_positions_trailing',
      sql`${t.trailingUnit} is null or ${t.trailingUnit} in ('price', 'percent')`,
    ),
    check('lever_positions_lots', sql`${t.lots} >= 1 and ${t.multiple} >= 1`),
    check('lever_positions_money', sql`${t.margin} > 0 and ${t.fee} >= 0`),
  ],
);
