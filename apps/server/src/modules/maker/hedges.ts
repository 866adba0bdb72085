import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { makerHedges, makerPairs, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { fillsAfter } from './fills.ts';
import { reason, type Hedger } from './hedger.ts';

/** Longest wait before a failed hedge is tried again. */
const MAX_RETRY_MS = 60_000;

export type HedgeRow = typeof makerHedges.$inferSelect;

/**
 * Records the maker's fills since the pair's cursor as pending hedges (one per fill, the other
 * side), and moves the cursor past them, in one transaction.
 */
export async function recordFills(db: Db, symbol: string, venue: string, now: Date) {
  await db.transaction(async (tx) => {
    const [pair] = await tx
      .select({ through: makerPairs.hedgedThrough })
      .from(makerPairs)
      .where(eq(makerPairs.symbol, symbol))
      .for('update');
    if (!pair) return;
    const fills = await fillsAfter(tx, symbol, pair.through);
    if (fills.length === 0) return;
    await tx
      .insert(makerHedges)
      .values(
        fills.map((f) => ({
          symbol,
          tradeId: f.tradeId,
          side: f.side === 'buy' ? ('sell' as const) : ('buy' as const),
          amount: f.amount,
          status: 'pending' as const,
          venue,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(makerPairs)
      .set({ hedgedThrough: fills.at(-1)!.tradeId })
      .where(eq(makerPairs.symbol, symbol));
  });
}

/** Places the hedges that are due on the venue, oldest first; a failure waits longer each time. */
export async function placeDue(
  db: Db,
  hedger: Hedger,
  symbol: string,
  market: string,
  now: Date,
): Promise<void> {
  const due = await db
    .select()
    .from(makerHedges)
    .where(
      and(
        eq(makerHedges.symbol, symbol),
        ne(makerHedges.status, 'done'),
        lte(makerHedges.retryAt, now.getTime()),
      ),
    )
    .orderBy(asc(makerHedges.id))
    .limit(20);
  for (const hedge of due) {
    try {
      const done = await hedger.hedge({ market, side: hedge.side, amount: hedge.amount });
      const left = new Decimal(hedge.amount).minus(done.filled ?? hedge.amount);
      if (left.gt(0)) {
        // Filled in part: the rest stays to hedge, with the order that took the first part.
        await db
          .update(makerHedges)
          .set({
            status: 'failed',
            attempts: hedge.attempts + 1,
            amount: left.toFixed(),
            venueOrderId: done.orderId,
            error: `filled ${done.filled} of ${hedge.amount}`,
            retryAt: now.getTime() + retryWait(hedge.attempts),
            updatedAt: now,
          })
          .where(eq(makerHedges.id, hedge.id));
        return;
      }
      await db
        .update(makerHedges)
        .set({
          status: 'done',
          attempts: hedge.attempts + 1,
          venueOrderId: done.orderId,
          price: done.price,
          error: null,
          updatedAt: now,
        })
        .where(eq(makerHedges.id, hedge.id));
    } catch (err) {
      await db
        .update(makerHedges)
        .set({
          status: 'failed',
          attempts: hedge.attempts + 1,
          error: reason(err),
          retryAt: now.getTime() + retryWait(hedge.attempts),
          updatedAt: now,
        })
        .where(eq(makerHedges.id, hedge.id));
      return; // the venue is failing: the rest wait for the next round
    }
  }
}

/** 1 s after the first failure, twice as long after each next one, at most a minute. */
const retryWait = (attempts: number) => Math.min(MAX_RETRY_MS, 1000 * 2 ** attempts);

/** Base amount of the pair's fills not hedged yet. */
export async function unhedged(db: Db, symbol: string): Promise<string> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${makerHedges.amount}), 0)` })
    .from(makerHedges)
    .where(and(eq(makerHedges.symbol, symbol), ne(makerHedges.status, 'done')));
  return new Decimal(row?.amount ?? 0).toFixed();
}

export function latestHedges(db: Db, symbol: string, limit = 100): Promise<HedgeRow[]> {
  return db
    .select()
    .from(makerHedges)
    .where(eq(makerHedges.symbol, symbol))
    .orderBy(desc(makerHedges.id))
    .limit(limit);
}
