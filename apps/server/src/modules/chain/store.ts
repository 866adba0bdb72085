import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { chainBlocks, chainCursors, deposits, type Db } from '@hx/db';

/** How many recent block hashes a watcher keeps: the deepest reorg it can undo. */
export const KEPT_BLOCKS = 256;

export interface Cursor {
  height: number;
  head: number;
  updatedAt: Date;
}

export async function readCursor(db: Db, network: string): Promise<Cursor | undefined> {
  const [row] = await db
    .select({
      height: chainCursors.height,
      head: chainCursors.head,
      updatedAt: chainCursors.updatedAt,
    })
    .from(chainCursors)
    .where(eq(chainCursors.network, network));
  return row;
}

/** A first start: the watcher begins after `height` (whose hash it keeps, if known). */
export async function startCursor(
  db: Db,
  network: string,
  height: number,
  hash: string | null,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chainCursors)
      .values({ network, height, head: height, updatedAt: at })
      .onConflictDoNothing()
      .returning({ network: chainCursors.network });
    if (inserted.length && hash)
      await tx.insert(chainBlocks).values({ network, number: height, hash }).onConflictDoNothing();
  });
}

export async function storedHash(db: Db, network: string, number: number) {
  const [row] = await db
    .select({ hash: chainBlocks.hash })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, network), eq(chainBlocks.number, number)));
  return row?.hash;
}

/**
 * Moves the cursor from `from` to `to` in `tx`; false when another process moved it meanwhile
 * (the caller rolls back and reads it again).
 */
export async function moveCursor(
  tx: Db,
  network: string,
  from: number,
  to: number,
  head: number,
  at: Date,
): Promise<boolean> {
  const moved = await tx
    .update(chainCursors)
    .set({ height: to, head, updatedAt: at })
    .where(and(eq(chainCursors.network, network), eq(chainCursors.height, from)))
    .returning({ network: chainCursors.network });
  return moved.length === 1;
}

/** Remembers a processed block's hash and forgets those too old to matter. */
export async function keepBlock(tx: Db, network: string, number: number, hash: string) {
  await tx
    .insert(chainBlocks)
    .values({ network, number, hash })
    .onConflictDoUpdate({ target: [chainBlocks.network, chainBlocks.number], set: { hash } });
  await tx
    .delete(chainBlocks)
    .where(and(eq(chainBlocks.network, network), lt(chainBlocks.number, number - KEPT_BLOCKS)));
}

/** Forgets the blocks above `ancestor` (replaced by a reorg). */
export async function forgetBlocksAbove(tx: Db, network: string, ancestor: number) {
  await tx
    .delete(chainBlocks)
    .where(and(eq(chainBlocks.network, network), gt(chainBlocks.number, ancestor)));
}

/** Sets the confirmations of the network's confirming deposits as of processed `height`. */
export async function countConfirmations(db: Db, network: string, height: number) {
  await db
    .update(deposits)
    .set({
      confirmations: sql`least(${height}::bigint - ${deposits.blockNumber} + 1, ${deposits.confirmationsRequired})`,
    })
    .where(and(eq(deposits.network, network), eq(deposits.status, 'confirming')));
}
