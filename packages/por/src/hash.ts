import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The hashes of the scheme (docs/proof-of-liabilities.md). Every input is a UTF-8 string and
 * every hash is lowercase hex SHA-256, so an outside verifier can redo them with any tool.
 */

/** A tree node: a leaf, a pad or an inner node. `sum` is a non-negative integer in decimal. */
export interface SumNode {
  hash: string;
  sum: string;
}

/** `H(x)`: lowercase hex SHA-256 of the UTF-8 string `x`. */
export const H = (x: string): string => bytesToHex(sha256(utf8ToBytes(x)));

/** The node that completes a level with an odd count. */
export const PAD: SumNode = Object.freeze({ hash: H('pad'), sum: '0' });

/** A non-negative integer written without sign, spaces or leading zeros. */
export const isSum = (s: unknown): s is string => typeof s === 'string' && /^(0|[1-9]\d*)$/.test(s);

/** Hides the user id behind the snapshot's nonce: `H(nonce + "|" + user_id)`. */
export const userHashOf = (nonce: string, userId: number | string): string =>
  H(`${nonce}|${userId}`);

export const leafOf = (userHash: string, sum: string): SumNode => ({
  hash: H(`leaf|${userHash}|${sum}`),
  sum,
});

/** An inner node; its sum is computed with BigInt, never a float. */
export function nodeOf(left: SumNode, right: SumNode): SumNode {
  return {
    hash: H(`node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`),
    sum: (BigInt(left.sum) + BigInt(right.sum)).toString(),
  };
}
