import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { spotOrders, spotTrades, users, type Db, type SequenceIds } from '@hx/db';
import { parseUnits } from '@hx/engine';
import { accountIds, availableByAccount, refKey } from '@hx/ledger';
import type { Pair } from './pair.ts';
import { LEDGER_SCALE, type Batch, type OrderState } from './matching.ts';
import { rowToOrder } from './rows.ts';
import { batchCtes, runCtes, type KeyRow } from './batch-sql.ts';
import type { NoticeRow } from './notices.ts';

/** Reads and writes of the spot writer: a batch is written by batch-sql.ts in one statement. */

export type { KeyRow };

/** Available balances of accounts at ledger scale, without a lock (the writer's cache fills). */
export async function readAvailable(db: Db, ids: number[]): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  for (const [id, available] of await availableByAccount(db, ids)) {
    found.set(id, parseUnits(available, LEDGER_SCALE));
  }
  return found;
}

/** The open orders of a pair, in id (arrival) order. */
export async function openOrders(db: Db, pair: Pair): Promise<OrderState[]> {
  const rows = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.symbol, pair.symbol), eq(spotOrders.status, 'waiting')))
    .orderBy(asc(spotOrders.id));
  return rows.map((row) => rowToOrder(pair, row));
}

/** The pair's last trade price (engine units), which its stop orders wait for; null before any. */
export async function lastTradePrice(db: Db, pair: Pair): Promise<bigint | null> {
  const [row] = await db
    .select({ price: spotTrades.price })
    .from(spotTrades)
    .where(eq(spotTrades.symbol, pair.symbol))
    .orderBy(desc(spotTrades.id))
    .limit(1);
  return row ? parseUnits(row.price, pair.spec.priceScale) : null;
}

/** Who invited each user (for the trading-fee records referral rebates read). */
export async function invitersOf(db: Db, ids: number[]): Promise<Map<number, number | null>> {
  const map = new Map<number, number | null>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ id: users.id, invitedBy: users.invitedBy })
    .from(users)
    .where(inArray(users.id, ids));
  for (const row of rows) map.set(row.id, row.invitedBy);
  return map;
}

/**
 * Writes a batch in one statement: orders, trades, journal entries with their postings, balances,
 * fee records, Idempotency-Keys and the fill notifications. A key stored meanwhile by another request makes the statement
 * fail (unique index), and the writer's retry then answers from the stored key. Returns the
 * account ids it had to look up, for the writer to cache once the batch is written.
 */
export async function writeBatch(
  db: Db,
  pair: Pair,
  batch: Batch,
  options: {
    at: Date;
    inviters: Map<number, number | null>;
    known: ReadonlyMap<string, number>;
    keys: KeyRow[];
    notices: NoticeRow[];
    entryIds: SequenceIds;
  },
): Promise<Map<string, number>> {
  const { at, inviters, known, keys, notices } = options;
  // Account ids are cached by the writer; only accounts it has not seen are looked up (and
  // created: a maker receiving a coin for the first time).
  const missing = [...batch.deltas.values()]
    .map((d) => d.account)
    .filter((a) => !known.has(refKey(a)));
  const found = missing.length > 0 ? await accountIds(db, missing) : new Map<string, number>();
  const accountId = (key: string) => known.get(key) ?? found.get(key)!;
  const entryIds = await options.entryIds.take(batch.entries.length);
  await runCtes(db, batchCtes(pair, batch, { at, inviters, accountId, keys, notices, entryIds }));
  return found;
}
