import { randomBytes } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { coins, porLeaves, porRoots, porSnapshots, type Db } from '@hx/db';
import { userHoldings } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { buildTree, userHashOf } from '@hx/por';

export type SnapshotTrigger = 'daily' | 'operator';

/**
 * An amount in the coin's smallest unit. A balance finer than the coin's decimals (a fee share, a
 * conversion) is rounded up: a published liability is never below what the books owe.
 */
export const toUnits = (amount: string, decimals: number): string =>
  new Decimal(amount).times(new Decimal(10).pow(decimals)).ceil().toFixed(0);

const LEAF_BATCH = 1000;

/** Serialises snapshot takers across processes, so a day's snapshot is claimed once. */
const lockSnapshots = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('hx.por.snapshot'))`);

/**
 * Takes a snapshot inside `tx`: every user's holdings per coin (one consistent read), a fresh
 * nonce per user, one root per coin, and the leaves to rebuild each user's path. Nothing is
 * visible until `tx` commits, and nothing written here is ever updated.
 */
async function writeSnapshot(
  tx: Db,
  at: Date,
  trigger: SnapshotTrigger,
  adminId: number | null,
): Promise<number> {
  const holdings = await userHoldings(tx);
  const decimals = new Map(
    (await tx.select({ id: coins.id, decimals: coins.decimals }).from(coins)).map((c) => [
      c.id,
      c.decimals,
    ]),
  );
  const [snapshot] = await tx
    .insert(porSnapshots)
    .values({ takenAt: at, trigger, adminId })
    .returning({ id: porSnapshots.id });
  const snapshotId = snapshot!.id;
  const byCoin = new Map<number, typeof holdings>();
  for (const h of holdings) {
    const list = byCoin.get(h.coin);
    if (list) list.push(h);
    else byCoin.set(h.coin, [h]);
  }
  for (const [coinId, held] of byCoin) {
    const leaves = held.map((h) => {
      const nonce = randomBytes(32).toString('hex');
      return {
        snapshotId,
        coinId,
        userId: h.userId,
        nonce,
        userHash: userHashOf(nonce, h.userId),
        sum: toUnits(h.amount, decimals.get(coinId) ?? 0),
      };
    });
    const { root } = buildTree(leaves);
    await tx
      .insert(porRoots)
      .values({ snapshotId, coinId, hash: root.hash, sum: root.sum, users: leaves.length });
    for (let i = 0; i < leaves.length; i += LEAF_BATCH)
      await tx.insert(porLeaves).values(leaves.slice(i, i + LEAF_BATCH));
  }
  return snapshotId;
}

/** A snapshot an operator asked for, now; `audit` records it in the same transaction. */
export async function takeSnapshot(
  db: Db,
  at: Date,
  adminId: number,
  audit: (tx: Db, snapshotId: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSnapshots(tx);
    const id = await writeSnapshot(tx, at, 'operator', adminId);
    await audit(tx, id);
    return id;
  });
}

/** Midnight UTC of `at`'s day. */
export const utcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The day's snapshot, unless one was taken: the check and the snapshot run under the lock, so
 * several processes take it once. Returns its id, or null when the day already had one.
 */
export async function takeDailySnapshot(db: Db, at: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockSnapshots(tx);
    const [taken] = await tx
      .select({ id: porSnapshots.id })
      .from(porSnapshots)
      .where(and(eq(porSnapshots.trigger, 'daily'), gte(porSnapshots.takenAt, utcDay(at))))
      .limit(1);
    if (taken) return null;
    return writeSnapshot(tx, at, 'daily', null);
  });
}
