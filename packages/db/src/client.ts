import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as base from './schema.ts';
import * as optionsSchema from './options-schema.ts';
import * as subscription from './subscription-schema.ts';
import * as ledger from './ledger-schema.ts';
import * as moneySchema from './money-schema.ts';
import * as market from './market-schema.ts';
import * as spot from './spot-schema.ts';
import * as referral from './referral-schema.ts';
import * as finance from './finance-schema.ts';
import * as content from './content-schema.ts';
import * as networks from './network-schema.ts';
import { cacheStatements, drizzleEmbedded, EmbeddedClient } from './pglite-statements.ts';

const schema = {
  ...base,
  ...optionsSchema,
  ...subscription,
  ...ledger,
  ...moneySchema,
  ...market,
  ...spot,
  ...referral,
  ...finance,
  ...content,
  ...networks,
};

export type Schema = typeof schema;
/** The one database type modules see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** The rows of `db.execute(sql)`: node-postgres and PGlite both answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Whether `db` is the embedded database: one connection, one transaction at a time, so nothing
 * on it ever waits on a lock.
 */
export function isEmbedded(db: Db): boolean {
  return embeddedClientOf(db) !== null;
}

/** The embedded database's client under `db` (drizzle's public `$client`), null on PostgreSQL. */
export function embeddedClientOf(db: Db): EmbeddedClient | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof EmbeddedClient ? client : null;
}

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string;
  /**
   * How the embedded database starts: tests give it the files of a migrated database
   * (`loadDataDir`) and PGlite's code compiled once per process.
   */
  embedded?: Pick<
    PGliteOptions,
    'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'
  > & {
    /** Settings given to the database at its start (`-c name=value`), after the defaults. */
    settings?: Record<string, string>;
  };
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) is taken
    // out of the pool and replaced on the next query; unhandled, the event would end the process.
    const lost = (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('database connection lost:', err.message);
    };
    pool.on('error', lost);
    // The same for a connection that is checked out when the server ends it.
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const { settings = {}, ...code } = options.embedded ?? {};
  const client = cacheStatements(
    new PGlite({
      ...code,
      dataDir: options.dataDir,
      // A new WAL segment is not filled with 16 MB of zeros first: in memory that stalled a
      // commit for ~40 ms every few seconds of writing (nothing reads a segment's unused tail).
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        'wal_init_zero=off',
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
    }),
  );
  const db = drizzleEmbedded(client, schema) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
