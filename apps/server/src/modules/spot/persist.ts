import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts, rowsOf, spotOrders, users, type Db } from '@hx/db';
import { parseUnits } from '@hx/engine';
import { accountIds, refKey } from '@hx/ledger';
import type { Pair } from './pair.ts';
import { LEDGER_SCALE, type Batch, type OrderState } from './matching.ts';
import { rowToOrder } from './rows.ts';
import { batchCtes, runCtes } from './batch-sql.ts';

/** Reads and writes of the spot writer: a batch is written by batch-sql.ts in one statement. */

/** `n` fresh order ids from the table's sequence (ids are arrival order within the pair). */
export async function nextOrderIds(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('spot_orders', 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Locks the accounts (id order) and returns their available balances at ledger scale. */
export async function lockAvailable(db: Db, ids: number[]): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  for (const row of rows) found.set(row.id, parseUnits(row.available, LEDGER_SCALE));
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
 * Writes a batch: orders, trades, journal entries with their postings, balances, fee records.
 * Returns the account ids it had to look up, for the writer to cache once the batch commits.
 */
export async function writeBatch(
  db: Db,
  pair: Pair,
  batch: Batch,
  at: Date,
  inviters: Map<number, number | null>,
  known: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  // Account ids are cached by the writer; only accounts it has not seen are looked up (and
  // created: a maker receiving a coin for the first time).
  const missing = [...batch.deltas.values()]
    .map((d) => d.account)
    .filter((a) => !known.has(refKey(a)));
  const found = missing.length > 0 ? await accountIds(db, missing) : new Map<string, number>();
  const accountId = (key: string) => known.get(key) ?? found.get(key)!;
  await runCtes(db, batchCtes(pair, batch, at, inviters, accountId));
  return found;
}
