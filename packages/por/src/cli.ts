import { readFileSync } from 'node:fs';
import { verifyProof, type Verification } from './verify.ts';

/**
 * `npx por-verify proof.json [--root <hash>]`: recomputes a saved proof step by step. Exits 0
 * when the path leads to the proof's root (and to `--root`, the published root, when given),
 * 1 when it does not, 2 when the file cannot be read.
 */
const USAGE = 'usage: npx por-verify <proof.json> [--root <published root hash>]';

function report(v: Verification, userId: unknown) {
  const lines: string[] = [];
  let level = 0;
  for (const step of v.steps) {
    if (step.kind === 'user')
      lines.push(`user hash  H(nonce|${String(userId)})`, `           = ${step.hash}`);
    else if (step.kind === 'leaf')
      lines.push(`leaf       H(leaf|user hash|${step.sum})`, `           = ${step.hash}`);
    else {
      level += 1;
      lines.push(
        `level ${String(level).padEnd(4)} sibling on the ${step.side}: ${step.sibling.hash} sum ${step.sibling.sum}`,
        `           = ${step.hash} sum ${step.sum}`,
      );
    }
  }
  return lines.join('\n');
}

function main(argv: string[]): number {
  const rootAt = argv.indexOf('--root');
  const published = rootAt >= 0 ? argv[rootAt + 1] : undefined;
  const file = argv.find((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1));
  if (!file || (rootAt >= 0 && !published)) {
    console.error(USAGE);
    return 2;
  }
  let proof: unknown;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  // A proof saved from the API's envelope works as well as the bare message.
  if (typeof proof === 'object' && proof !== null && 'message' in proof)
    proof = (proof as { message: unknown }).message;
  const v = verifyProof(proof);
  const p = proof as Partial<Record<'id' | 'currency_id' | 'user_id', unknown>>;
  console.log(`snapshot ${String(p.id)}, currency ${String(p.currency_id)}`);
  if (v.steps.length) console.log(report(v, p.user_id));
  if (!v.ok) {
    console.log(`FAILED: ${v.detail}`);
    return 1;
  }
  console.log(`root       = ${v.computed!.hash} sum ${v.computed!.sum}`);
  if (published && published.toLowerCase() !== v.computed!.hash) {
    console.log(`FAILED: the root differs from the published root ${published}`);
    return 1;
  }
  console.log(
    published
      ? 'OK: your leaf leads to the published root.'
      : "OK: your leaf leads to the proof's root. Compare it with the published root (--root).",
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
