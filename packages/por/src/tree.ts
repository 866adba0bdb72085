import { isSum, leafOf, nodeOf, PAD, type SumNode } from './hash.ts';

/** One user's entry in a coin's tree. */
export interface LeafInput {
  userHash: string;
  sum: string;
}

/** Where the sibling sits at one level, from the leaf up. */
export type Side = 'left' | 'right';
export interface PathStep extends SumNode {
  side: Side;
}

/**
 * A coin's Merkle-sum tree, level by level: `levels[0]` are the leaves ordered by user hash,
 * the last level is the root alone. Before a level is reduced, an odd count is completed with
 * PAD; a single leaf is its own root.
 */
export interface Tree {
  leaves: LeafInput[];
  levels: SumNode[][];
  root: SumNode;
}

const byUserHash = (a: LeafInput, b: LeafInput) =>
  a.userHash < b.userHash ? -1 : a.userHash > b.userHash ? 1 : 0;

export function buildTree(input: readonly LeafInput[]): Tree {
  if (input.length === 0) throw new Error('a tree needs at least one leaf');
  for (const leaf of input) {
    if (!isSum(leaf.sum)) throw new Error(`leaf sum ${leaf.sum} is not a non-negative integer`);
  }
  const leaves = [...input].sort(byUserHash);
  const levels: SumNode[][] = [leaves.map((l) => leafOf(l.userHash, l.sum))];
  for (let level = levels[0]!; level.length > 1;) {
    if (level.length % 2 === 1) level.push(PAD);
    const up: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) up.push(nodeOf(level[i]!, level[i + 1]!));
    levels.push(up);
    level = up;
  }
  return { leaves, levels, root: levels[levels.length - 1]![0]! };
}

/** The siblings from the leaf at `index` (in user-hash order) up to the root. */
export function pathOf(tree: Tree, index: number): PathStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= tree.leaves.length)
    throw new Error(`no leaf at ${index}`);
  const path: PathStep[] = [];
  for (let depth = 0, i = index; depth < tree.levels.length - 1; depth += 1, i >>= 1) {
    const isRight = i % 2 === 1;
    const sibling = tree.levels[depth]![isRight ? i - 1 : i + 1]!;
    path.push({ side: isRight ? 'left' : 'right', hash: sibling.hash, sum: sibling.sum });
  }
  return path;
}

/** The leaf index of a user hash, or -1. */
export function indexOf(tree: Tree, userHash: string): number {
  let lo = 0;
  let hi = tree.leaves.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = tree.leaves[mid]!.userHash;
    if (at === userHash) return mid;
    if (at < userHash) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
