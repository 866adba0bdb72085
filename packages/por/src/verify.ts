import { isSum, leafOf, nodeOf, userHashOf, type SumNode } from './hash.ts';
import type { PathStep } from './tree.ts';

/** What `GET /api/por/proof` answers, and what a saved proof file holds. */
export interface Proof {
  id: number;
  currency_id: number;
  user_id: number;
  nonce: string;
  sum: string;
  path: PathStep[];
  root: SumNode;
}

/** One recomputed step, in order: the user hash, the leaf, then one node per path entry. */
export type VerifyStep =
  | { kind: 'user'; hash: string }
  | { kind: 'leaf'; hash: string; sum: string }
  | { kind: 'node'; side: PathStep['side']; sibling: SumNode; hash: string; sum: string };

/**
 * `malformed`: the proof does not follow the scheme (a bad nonce, hash, side or sum);
 * `hash` / `sum`: the recomputed root differs from the proof's root.
 */
export type VerifyProblem = 'malformed' | 'hash' | 'sum';

export interface Verification {
  ok: boolean;
  steps: VerifyStep[];
  /** The recomputed root (null when the proof is malformed). */
  computed: SumNode | null;
  problem: VerifyProblem | null;
  /** Why, in English, for the command line. */
  detail: string | null;
}

const HEX64 = /^[0-9a-f]{64}$/;
const isHash = (s: unknown): s is string => typeof s === 'string' && HEX64.test(s);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** Why `value` is not a proof, or null when its shape follows the scheme. */
export function proofShapeProblem(value: unknown): string | null {
  if (!isObject(value)) return 'the proof is not a JSON object';
  if (!isId(value.id)) return 'id must be a positive integer';
  if (!isId(value.currency_id)) return 'currency_id must be a positive integer';
  if (!isId(value.user_id)) return 'user_id must be a positive integer';
  if (!isHash(value.nonce)) return 'nonce must be 64 lowercase hex characters';
  if (!isSum(value.sum)) return 'sum must be a non-negative integer string';
  if (!Array.isArray(value.path)) return 'path must be a list';
  for (const [i, step] of value.path.entries()) {
    if (!isObject(step)) return `path[${i}] is not an object`;
    if (step.side !== 'left' && step.side !== 'right')
      return `path[${i}].side must be "left" or "right"`;
    if (!isHash(step.hash)) return `path[${i}].hash must be 64 lowercase hex characters`;
    if (!isSum(step.sum)) return `path[${i}].sum must be a non-negative integer string`;
  }
  if (!isObject(value.root) || !isHash(value.root.hash) || !isSum(value.root.sum))
    return 'root must be {hash, sum}';
  return null;
}

/** Recomputes the root from the user's leaf and path, keeping every step. */
export function verifyProof(value: unknown): Verification {
  const shape = proofShapeProblem(value);
  if (shape) return { ok: false, steps: [], computed: null, problem: 'malformed', detail: shape };
  const proof = value as Proof;
  const userHash = userHashOf(proof.nonce, proof.user_id);
  let at = leafOf(userHash, proof.sum);
  const steps: VerifyStep[] = [
    { kind: 'user', hash: userHash },
    { kind: 'leaf', ...at },
  ];
  for (const step of proof.path) {
    const sibling = { hash: step.hash, sum: step.sum };
    at = step.side === 'left' ? nodeOf(sibling, at) : nodeOf(at, sibling);
    steps.push({ kind: 'node', side: step.side, sibling, ...at });
  }
  const problem: VerifyProblem | null =
    at.hash !== proof.root.hash ? 'hash' : at.sum !== proof.root.sum ? 'sum' : null;
  const detail =
    problem === 'hash'
      ? `the recomputed root hash ${at.hash} differs from the proof's root ${proof.root.hash}`
      : problem === 'sum'
        ? `the recomputed root sum ${at.sum} differs from the proof's root sum ${proof.root.sum}`
        : null;
  return { ok: problem === null, steps, computed: at, problem, detail };
}
