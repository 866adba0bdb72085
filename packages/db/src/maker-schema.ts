import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from './schema.ts';

/**
 * The operator's market maker, per spot pair (modules/maker): what it quotes around the index,
 * the bounds of its inventory (the platform's market_maker account), and its hedging.
 */
export const makerPairs = pgTable(
  'maker_pairs',
  {
    symbol: text('symbol').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    /** Orders per side. */
    levels: integer('levels').notNull().default(3),
    /** Distance of the first level from the index, and between levels, in basis points. */
    spreadBps: integer('spread_bps').notNull().default(20),
    /** Base amount of each level. */
    size: money('size').notNull().default('0'),
    refreshMs: integer('refresh_ms').notNull().default(5000),
    /** Inventory bounds of the pair's coins (null: none); a side that would cross one stops. */
    baseMin: money('base_min'),
    baseMax: money('base_max'),
    quoteMin: money('quote_min'),
    quoteMax: money('quote_max'),
    hedge: boolean('hedge').notNull().default(false),
    /** Base amount of fills not yet hedged above which quoting pauses. */
    maxUnhedged: money('max_unhedged').notNull().default('0'),
    /** The last spot trade the hedger looked at: fills after it are hedged. */
    hedgedThrough: integer('hedged_through').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('maker_pairs_levels', sql`${t.levels} between 1 and 50`),
    check('maker_pairs_spread', sql`${t.spreadBps} between 1 and 5000`),
    check('maker_pairs_refresh', sql`${t.refreshMs} >= 200`),
  ],
);

/** One hedge per maker fill: the opposite order on the external venue, and how it went. */
export const makerHedges = pgTable(
  'maker_hedges',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    tradeId: integer('trade_id').notNull(),
    /** The hedge's side on the venue (the opposite of the maker's fill). */
    side: text('side').notNull().$type<'buy' | 'sell'>(),
    amount: money('amount').notNull(),
    status: text('status').notNull().$type<'pending' | 'done' | 'failed'>(),
    attempts: integer('attempts').notNull().default(0),
    venue: text('venue').notNull(),
    venueOrderId: text('venue_order_id'),
    /** The venue's average price of the hedge. */
    price: money('price'),
    error: text('error'),
    /** When it may be tried again (ms), after a failure. */
    retryAt: bigint('retry_at', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('maker_hedges_trade_idx').on(t.tradeId),
    index('maker_hedges_symbol_idx').on(t.symbol, t.id),
    check('maker_hedges_side', sql`${t.side} in ('buy', 'sell')`),
    check('maker_hedges_status', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);
