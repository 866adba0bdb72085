import { and, asc, desc, eq } from 'drizzle-orm';
import type { PorLatest, PorProofResult } from '@hx/protocol';
import { coins, porLeaves, porReserves, porRoots, porSnapshots, type Db } from '@hx/db';
import { buildTree, indexOf, pathOf, type Tree } from '@hx/por';
import { AppError } from '../../lib/errors.ts';

/** The newest snapshot: its time, one root per coin, and the reserves when they are attested. */
export async function latestSnapshot(db: Db): Promise<PorLatest> {
  const [snapshot] = await db
    .select({ id: porSnapshots.id, takenAt: porSnapshots.takenAt })
    .from(porSnapshots)
    .orderBy(desc(porSnapshots.id))
    .limit(1);
  if (!snapshot) throw new AppError('POR_NO_SNAPSHOT');
  const roots = await db
    .select({ r: porRoots, name: coins.name, decimals: coins.decimals })
    .from(porRoots)
    .innerJoin(coins, eq(coins.id, porRoots.coinId))
    .where(eq(porRoots.snapshotId, snapshot.id))
    .orderBy(asc(coins.sort), asc(coins.id));
  const reserves = await db
    .select()
    .from(porReserves)
    .where(eq(porReserves.snapshotId, snapshot.id))
    .orderBy(asc(porReserves.id));
  return {
    id: snapshot.id,
    time: snapshot.takenAt.getTime(),
    roots: roots.map(({ r, name, decimals }) => ({
      currency_id: r.coinId,
      name,
      hash: r.hash,
      sum: r.sum,
      users: r.users,
      decimals,
    })),
    // Until a chain watcher records them (issue 20), nothing is claimed about reserves.
    reserves: reserves.length
      ? reserves.map((r) => ({
          currency_id: r.coinId,
          network: r.network,
          address: r.address,
          amount: r.amount,
        }))
      : null,
  };
}

/**
 * Trees rebuilt from stored leaves. Published snapshots never change, so a tree stays valid; the
 * few most recently asked for are kept, since every user asks about the same latest ones.
 */
export class TreeCache {
  private readonly trees = new Map<string, Tree>();
  constructor(private readonly size = 8) {}

  async get(db: Db, snapshotId: number, coinId: number, root: { hash: string }): Promise<Tree> {
    const key = `${snapshotId}:${coinId}`;
    const cached = this.trees.get(key);
    if (cached) {
      this.trees.delete(key);
      this.trees.set(key, cached);
      return cached;
    }
    const leaves = await db
      .select({ userHash: porLeaves.userHash, sum: porLeaves.sum })
      .from(porLeaves)
      .where(and(eq(porLeaves.snapshotId, snapshotId), eq(porLeaves.coinId, coinId)));
    const tree = buildTree(leaves);
    // The stored leaves must rebuild the published root; anything else is a broken store.
    if (tree.root.hash !== root.hash)
      throw new Error(`leaves of snapshot ${snapshotId} coin ${coinId} do not rebuild its root`);
    this.trees.set(key, tree);
    if (this.trees.size > this.size) this.trees.delete(this.trees.keys().next().value!);
    return tree;
  }
}

/** The user's leaf and its path to the coin's root in a snapshot. */
export async function proofFor(
  db: Db,
  cache: TreeCache,
  q: { snapshotId: number; coinId: number; userId: number },
): Promise<PorProofResult> {
  const [snapshot] = await db
    .select({ id: porSnapshots.id })
    .from(porSnapshots)
    .where(eq(porSnapshots.id, q.snapshotId));
  if (!snapshot) throw new AppError('POR_SNAPSHOT_NOT_FOUND');
  const [leaf] = await db
    .select()
    .from(porLeaves)
    .where(
      and(
        eq(porLeaves.snapshotId, q.snapshotId),
        eq(porLeaves.coinId, q.coinId),
        eq(porLeaves.userId, q.userId),
      ),
    );
  const [root] = await db
    .select({ hash: porRoots.hash, sum: porRoots.sum })
    .from(porRoots)
    .where(and(eq(porRoots.snapshotId, q.snapshotId), eq(porRoots.coinId, q.coinId)));
  if (!leaf || !root) throw new AppError('POR_NOT_INCLUDED');
  const tree = await cache.get(db, q.snapshotId, q.coinId, root);
  return {
    id: q.snapshotId,
    currency_id: q.coinId,
    user_id: q.userId,
    nonce: leaf.nonce,
    sum: leaf.sum,
    path: pathOf(tree, indexOf(tree, leaf.userHash)),
    root,
  };
}
