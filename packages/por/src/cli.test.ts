import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTree, indexOf, pathOf, userHashOf } from './index.ts';

const run = promisify(execFile);
const bin = new URL('../bin/por-verify.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'por-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nonce = '1f'.repeat(32);
const tree = buildTree([
  { userHash: userHashOf(nonce, 42), sum: '1200' },
  { userHash: 'e'.repeat(64), sum: '800' },
  { userHash: '0'.repeat(64), sum: '5' },
]);
const proof = {
  id: 3,
  currency_id: 3,
  user_id: 42,
  nonce,
  sum: '1200',
  path: pathOf(tree, indexOf(tree, userHashOf(nonce, 42))),
  root: tree.root,
};

async function verify(content: unknown, ...args: string[]) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(content));
  try {
    const { stdout } = await run('node', [bin, file, ...args]);
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}

describe('por-verify', () => {
  it('prints each step and passes a good proof, saved bare or in its envelope', async () => {
    const bare = await verify(proof);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain(`= ${userHashOf(nonce, 42)}`);
    expect(bare.stdout).toContain('level 2');
    expect(bare.stdout).toContain(`root       = ${tree.root.hash} sum 2005`);
    expect(bare.stdout).toContain('OK');
    expect((await verify({ type: 'ok', message: proof })).code).toBe(0);
  });

  it('checks against the published root when given', async () => {
    expect((await verify(proof, '--root', tree.root.hash)).code).toBe(0);
    const other = await verify(proof, '--root', 'f'.repeat(64));
    expect(other.code).toBe(1);
    expect(other.stdout).toContain('differs from the published root');
  });

  it('fails a tampered proof', async () => {
    const tampered = await verify({ ...proof, sum: '1300' });
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('FAILED');
  });

  it('says why a file cannot be read', async () => {
    const missing = await run('node', [bin, join(dir, 'nope.json')]).catch((e: unknown) => e);
    expect((missing as { code: number }).code).toBe(2);
  });
});
