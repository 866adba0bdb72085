import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { embeddedClientOf, openDatabase, type Database, type DatabaseOptions } from './client.ts';

/**
 * A fresh database per call: in-memory PGlite by default, or a new PostgreSQL database when the
 * suite runs in the `postgres` project (TEST_DATABASE_URL set).
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.HX_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return openDatabase({ embedded: await embeddedStart() });
  const name = `hx_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name) });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
let start: Promise<NonNullable<DatabaseOptions['embedded']>> | undefined;
let template: Promise<string> | undefined;

const withDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * A PostgreSQL database with every migration applied, named after the migrations, that each test
 * database is copied from (`CREATE DATABASE … TEMPLATE`) instead of migrating its own: the
 * copy takes a fraction of the migrations' ~1.9 s. Made once on a server by whichever worker
 * comes first; one made for other migrations is dropped then.
 */
function migratedTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `hx_template_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `hx_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      await (await openDatabase({ url: withDatabase(url, building) })).close();
      // Renamed once whole: another worker copies only a finished template.
      const made = await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`).then(
        () => true,
        () => false, // another worker's came first
      );
      if (!made) await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      const old = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'hx\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const { datname } of old.rows as { datname: string }[])
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

// Node has WebAssembly; the server's type libraries declare only its types.
const compileWasm = (bytes: Uint8Array) =>
  (
    globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
    }
  ).WebAssembly.compile(bytes);

/**
 * PGlite's code compiled once per test worker (the server's test files share their workers'
 * modules) and the migrated image: a database opens in ~0.55 s instead of ~0.9 s.
 */
export function embeddedStart() {
  start ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compileWasm(readFileSync(join(dist, 'pglite.wasm'))),
      compileWasm(readFileSync(join(dist, 'initdb.wasm'))),
    ]);
    const code = {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
    };
    // 16 MB of shared buffers instead of 128: a start zeroes them, and a test's database is
    // small. Measured 2.0 s → 1.3 s an open with the machine busy (docs/performance.md).
    const settings = { shared_buffers: '16MB' };
    return { ...code, settings, loadDataDir: await migratedImage(dist, code) };
  })();
  return start;
}

/**
 * The files of an embedded database with every migration applied. Starting PGlite from them
 * takes ~0.7 s instead of ~2.6 s for initdb and the migrations (measured on the CI machine), and
 * the test suite opens hundreds. Kept in the system's temporary folder under a name made of the
 * migrations and PGlite's version, so test files in other workers share one; `openDatabase`
 * still applies any migration the image lacks.
 */
async function migratedImage(
  dist: string,
  code: NonNullable<DatabaseOptions['embedded']>,
): Promise<Blob> {
  const file = join(tmpdir(), `hx-test-db-${imageKey(dist)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const { db, close } = await openDatabase({ embedded: code });
  const client = embeddedClientOf(db)!.pglite;
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  await close();
  // Written under a name of its own and renamed: a worker never reads a half-written image.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function imageKey(dist: string): string {
  return migrationsKey(readFileSync(join(dist, '..', 'package.json')));
}

/** A name for the migrations as they are (and `extra`, such as PGlite's version). */
function migrationsKey(extra?: Buffer): string {
  const hash = createHash('sha256');
  if (extra) hash.update(extra);
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name);
    hash.update(name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}
