// The audit log's hash chain: written by concurrent writers in one order, checked by the server
// and by the offline verifier on the export, and an edited or deleted row caught by both.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@hx/db';
import { testApp, type TestApp } from '../../test/harness.ts';
import { adminToken, auth } from '../wallet/test-kit.ts';
import { writeAudit } from '../operator-core/audit.ts';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const migration = join(root, 'packages/db/migrations/0032_audit_chain.sql');

let t: TestApp;
let admin: string;
let dir: string;

beforeAll(async () => {
  t = await testApp();
  admin = await adminToken(t);
  dir = mkdtempSync(join(tmpdir(), 'audit-'));
  // Lone writes at once (each its own transaction), odd texts included: one chain, no fork.
  const writes = Array.from({ length: 12 }, (_, i) =>
    writeAudit(t.app.db, {
      adminId: null,
      action: 'test.chain',
      targetType: 'user',
      targetId: i + 1,
      before: i % 3 ? `{"n":${i}}` : null,
      after: i % 2 ? '' : '提币 "quoted", line\nbreak',
      reason: i % 4 ? 'ñandú ✓' : null,
      at: t.clock.now(),
    }),
  );
  await Promise.all(writes);
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const verify = async () => {
  const res = await t.app.inject({ url: '/api/admin/audit/verify', headers: auth(admin) });
  expect(res.statusCode).toBe(200);
  return res.json().message as { ok: boolean; rows: number; first_broken: number | null };
};

/** The export saved to a file, then checked by `npm run audit:verify`'s script alone. */
async function cli(format: 'jsonl' | 'csv') {
  const res = await t.app.inject({
    url: `/api/admin/audit/export?format=${format}`,
    headers: auth(admin),
  });
  expect(res.statusCode).toBe(200);
  const file = join(dir, `audit.${format}`);
  writeFileSync(file, res.body);
  const run = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/audit-verify.ts', file],
    { cwd: root },
  );
  const out = await run.then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
  return { code: out.code, ...(JSON.parse(out.stdout) as { ok: boolean; first_broken: number }) };
}

const ids = async () =>
  rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from audit_log order by id`)).map(
    (r) => r.id,
  );

describe('the audit chain', () => {
  it('holds for every row written, in the server and in both exports checked offline', async () => {
    const all = await ids();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(await verify()).toEqual({ ok: true, rows: all.length, first_broken: null });
    expect(await cli('jsonl')).toMatchObject({ code: 0, ok: true, first_broken: null });
    expect(await cli('csv')).toMatchObject({ code: 0, ok: true, first_broken: null });
    const csv = readFileSync(join(dir, 'audit.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'id,admin_id,admin,action,target_type,target_id,before,after,reason,at_ms,prev_hash,hash',
    );
  });

  it('is what migration 0032 computes for rows written before it', async () => {
    const stored = await t.app.db.execute(
      sql`select id, prev_hash, hash from audit_log order by id`,
    );
    const backfill = readFileSync(migration, 'utf8')
      .split('--> statement-breakpoint')
      .find((s) => s.includes('DO $$'))!;
    const recomputed = await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log alter column prev_hash drop not null`);
        await tx.execute(sql`alter table audit_log alter column hash drop not null`);
        await tx.execute(sql`update audit_log set prev_hash = null, hash = null`);
        await tx.execute(sql.raw(backfill));
        const rows = await tx.execute(sql`select id, prev_hash, hash from audit_log order by id`);
        throw Object.assign(new Error('rolled back'), { rows });
      })
      .catch((e: { rows: unknown }) => e.rows);
    expect(rowsOf(recomputed)).toEqual(rowsOf(stored));
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('catches a row edited in the database, and one deleted', async () => {
    const [, , third, fourth, fifth] = await ids();
    await t.app.db.execute(sql`update audit_log set reason = 'nothing to see' where id = ${third}`);
    expect(await verify()).toMatchObject({ ok: false, first_broken: third });
    expect(await cli('jsonl')).toMatchObject({ code: 1, ok: false, first_broken: third });

    await t.app.db.execute(sql`delete from audit_log where id >= ${third} and id < ${fifth}`);
    expect(fourth).toBeLessThan(fifth!);
    expect(await verify()).toMatchObject({ ok: false, first_broken: fifth });
    expect(await cli('csv')).toMatchObject({ code: 1, ok: false, first_broken: fifth });
  });
});
