import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  journalEntries,
  ledgerAccounts,
  postings,
  spotOrders,
  spotTrades,
  tradingFees,
  users,
  type Db,
} from '@hx/db';
import { accountIds, refKey } from '@hx/ledger';
import { formatUnits } from '@hx/engine';
import type { Pair } from './pair.ts';
import { LEDGER_SCALE, quoteScaleOf, type Batch, type OrderState } from './matching.ts';
import { orderToRow, rowToOrder } from './rows.ts';

/** Bulk reads and writes of the spot writer: a batch costs a fixed number of statements. */

const CHUNK = 500;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );
const ledger = (x: bigint) => formatUnits(x, LEDGER_SCALE);

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
  for (const row of rows) found.set(row.id, toLedger(row.available));
  return found;
}

/** numeric(36,18) text → bigint at ledger scale. */
export function toLedger(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  const negative = whole.startsWith('-');
  const units = BigInt(whole.replace('-', '') + fraction.padEnd(LEDGER_SCALE, '0').slice(0, 18));
  return negative ? -units : units;
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
  const orders = [...batch.orders.values()];
  const created = orders.filter((o) => batch.created.has(o.id)).map((o) => orderToRow(pair, o));
  const updated = orders.filter((o) => !batch.created.has(o.id));
  for (const rows of chunks(created)) await db.insert(spotOrders).values(rows);
  for (const rows of chunks(updated)) await updateOrders(db, pair, rows);

  const qs = quoteScaleOf(pair);
  for (const rows of chunks(batch.trades)) {
    await db.insert(spotTrades).values(
      rows.map((t) => ({
        symbol: t.symbol,
        price: formatUnits(t.price, pair.spec.priceScale),
        amount: formatUnits(t.amount, pair.spec.amountScale),
        quote: formatUnits(t.quote, qs),
        takerSide: t.takerSide,
        makerOrderId: t.makerOrderId,
        takerOrderId: t.takerOrderId,
        makerFee: ledger(t.makerFee),
        takerFee: ledger(t.takerFee),
        time: t.time,
      })),
    );
  }

  if (batch.entries.length === 0) return new Map();
  // Account ids are cached by the writer; only accounts it has not seen are looked up (and
  // created: a maker receiving a coin for the first time).
  const missing = [...batch.deltas.values()]
    .map((d) => d.account)
    .filter((a) => !known.has(refKey(a)));
  const found = missing.length > 0 ? await accountIds(db, missing) : new Map<string, number>();
  const ids = { get: (key: string) => known.get(key) ?? found.get(key) };
  const entryIds = new Map<string, number>();
  for (const rows of chunks(batch.entries)) {
    const inserted = await db
      .insert(journalEntries)
      .values(
        rows.map((e) => ({
          kind: e.kind,
          refType: 'spot_order',
          refId: e.orderId,
          memo: pair.symbol,
          createdAt: at,
        })),
      )
      .returning({ id: journalEntries.id, kind: journalEntries.kind, refId: journalEntries.refId });
    for (const row of inserted) entryIds.set(`${row.kind}:${row.refId}`, row.id);
  }
  const lines = batch.entries.flatMap((e) =>
    e.lines.map((l) => ({
      entryId: entryIds.get(`${e.kind}:${e.orderId}`)!,
      accountId: ids.get(refKey(l.account))!,
      coinId: l.account.coin,
      bucket: l.bucket,
      amount: ledger(l.amount),
      createdAt: at,
    })),
  );
  for (const rows of chunks(lines)) await db.insert(postings).values(rows);

  const deltas = [...batch.deltas.values()].filter((d) => d.available !== 0n || d.frozen !== 0n);
  for (const rows of chunks(deltas)) {
    const values = sql.join(
      rows.map(
        (d) =>
          sql`(${ids.get(refKey(d.account))!}::int, ${ledger(d.available)}::numeric, ${ledger(d.frozen)}::numeric)`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`update ledger_accounts as a set available = a.available + v.da, frozen = a.frozen + v.df
          from (values ${values}) as v(id, da, df) where a.id = v.id`,
    );
  }

  for (const rows of chunks(batch.fees)) {
    await db.insert(tradingFees).values(
      rows.map((f) => ({
        userId: f.userId,
        inviterId: inviters.get(f.userId) ?? null,
        source: 'spot' as const,
        refId: f.orderId,
        coinId: f.coinId,
        amount: ledger(f.amount),
        createdAt: at,
      })),
    );
  }
  return found;
}

async function updateOrders(db: Db, pair: Pair, orders: OrderState[]): Promise<void> {
  const values = sql.join(
    orders.map((o) => {
      const row = orderToRow(pair, o);
      return sql`(${o.id}::int, ${row.filled}::numeric, ${row.filledQuote}::numeric, ${row.fee}::numeric, ${row.locked}::numeric, ${row.status}, ${row.cancelReason ?? null}, ${row.updatedAt}::bigint)`;
    }),
    sql`, `,
  );
  await db.execute(
    sql`update spot_orders as o set filled = v.filled, filled_quote = v.filled_quote, fee = v.fee,
        locked = v.locked, status = v.status, cancel_reason = v.reason, updated_at = v.updated_at
        from (values ${values}) as v(id, filled, filled_quote, fee, locked, status, reason, updated_at)
        where o.id = v.id`,
  );
}

/** Rows of `db.execute` on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
