import { bigint, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money } from './schema.ts';

/** One venue's price as the index saw it: `used` false when stale or left out as deviating. */
export interface IndexSourceRecord {
  venue: string;
  price: string | null;
  time: number | null;
  used: boolean;
}

/**
 * The sources of every index price the market recorded (a tick of `market_ticks` at the same
 * symbol and time): what a settlement price was made of. Kept as long as the ticks.
 */
export const indexPrices = pgTable(
  'index_prices',
  {
    symbol: text('symbol').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    sources: jsonb('sources').$type<IndexSourceRecord[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] })],
);
