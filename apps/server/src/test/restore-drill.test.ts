// The restore drill: money moving, a backup taken mid-way while the server runs, restored into
// an empty place and started: the books balance and every transfer acknowledged before the
// backup is there. Embedded: npm run backup / restore through the server's socket; PostgreSQL:
// pg_dump and pg_restore as docs/operations.md says.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { embeddedStart, openDatabase, restoreEmbedded, type Database } from '@hx/db';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { manualClock } from '../lib/clock.ts';
import { seed } from '../seed.ts';
import { call } from './harness.ts';
import {
  adminToken,
  auth,
  balances,
  expectBalanced,
  fundedUser,
  TEST_PRICES,
  type MoneyApp,
} from '../modules/wallet/test-kit.ts';
import { backupSocketPath, serveBackups } from '../lib/backup-socket.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const postgresUrl = process.env.HX_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : '';
const dir = mkdtempSync(join(tmpdir(), 'hx-drill-'));
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(dir, { recursive: true, force: true });
});

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(cmd, args, { cwd: root, env: { ...process.env, ...env } }).then(
    () => 0,
    (e: { code: number }) => e.code,
  );
const script = (name: string, file: string, dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, file], { DATA_DIR: dataDir });

/** A new PostgreSQL database's URL (dropped at the end). */
async function newPgDatabase(): Promise<string> {
  const name = `hx_drill_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanup.unshift(async () => {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server on a database, as main.ts starts it (the socket only on the embedded one). */
async function start(database: Database, dataDir: string): Promise<MoneyApp> {
  const config = { ...loadConfig({}), dataDir };
  const clock = manualClock(new Date());
  const app = await buildApp({ config, database, clock, prices: TEST_PRICES });
  const socket =
    database.kind === 'pglite'
      ? await serveBackups(database.db, backupSocketPath(dataDir), app.log)
      : null;
  const close = async () => {
    socket?.close();
    await app.close();
    await database.close();
  };
  cleanup.push(close);
  return { app, clock, config, db: database.db, close };
}

describe('the restore drill', () => {
  it('restores a backup taken while money moves: books balanced, every acknowledged transfer in', async () => {
    const [from, to] = [join(dir, 'a'), join(dir, 'b')];
    mkdirSync(from);
    const file = join(dir, 'drill.backup');
    const sourceUrl = postgresUrl ? await newPgDatabase() : '';
    const source = await openDatabase(
      // Embedded: from the tests' migrated image, on disk as a server's.
      sourceUrl
        ? { url: sourceUrl }
        : { dataDir: join(from, 'db'), embedded: await embeddedStart() },
    );
    await seed(source.db, { ...loadConfig({}), dataDir: from });
    const t = await start(source, from);
    const admin = await adminToken(t);
    const alice = await fundedUser(t, admin, '1000');

    // One transfer of 1 USDT after another until told to stop; `acked` counts the answered.
    let acked = 0;
    let moving = true;
    const mover = (async () => {
      while (moving) {
        const r = await call(
          t.app,
          'POST',
          'wallet/change',
          { from: 'currency', to: 'contract', currency_id: '3', number: '1' },
          auth(alice.token),
        );
        expect(r.status).toBe(200);
        acked++;
      }
    })();
    while (acked < 5) await new Promise((r) => setImmediate(r));
    const ackedBefore = acked;
    const backup = sourceUrl
      ? await run('pg_dump', ['-Fc', '-f', file, '-d', sourceUrl])
      : await script('backup', file, from);
    expect(backup).toBe(0);
    const ackedAfter = acked;
    moving = false;
    await mover;
    expect(ackedAfter).toBeGreaterThan(ackedBefore); // it moved while the copy was taken

    // Restored into an empty place (the embedded restore refuses one that is not) and started.
    let restored: Database;
    if (sourceUrl) {
      const url = await newPgDatabase();
      expect(await run('pg_restore', ['--no-owner', '-d', url, file])).toBe(0);
      restored = await openDatabase({ url });
    } else {
      // npm run restore's work, with PGlite's code compiled once; the script refuses a used place.
      const { pgliteWasmModule, initdbWasmModule, fsBundle } = await embeddedStart();
      const code = { pgliteWasmModule, initdbWasmModule, fsBundle };
      await restoreEmbedded(readFileSync(file), join(to, 'db'), code);
      expect(await script('restore', file, to)).toBe(2);
      restored = await openDatabase({ dataDir: join(to, 'db'), embedded: code });
    }
    const r = await start(restored, to);
    // The operator's session came back with the database.
    await expectBalanced(r.app, admin);
    const b = await balances(r.app, alice.token);
    const moved = Number(b.contract!.available);
    expect(moved).toBeGreaterThanOrEqual(ackedBefore);
    expect(moved).toBeLessThanOrEqual(acked);
    expect(Number(b.currency!.available) + moved).toBe(1000);
  }, 240_000);
});
