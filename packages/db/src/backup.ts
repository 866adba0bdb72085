import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { embeddedClientOf, type Db } from './client.ts';

/**
 * A consistent copy of the embedded database while it runs (npm run backup): its files as a
 * gzipped tar, taken between two transactions after a checkpoint.
 */
export async function backupEmbedded(db: Db): Promise<Buffer> {
  const client = embeddedClientOf(db);
  if (!client) throw new Error('not the embedded database: back PostgreSQL up with pg_dump');
  return Buffer.from(await (await client.backup()).arrayBuffer());
}

/** Whether `dataDir` holds nothing (or does not exist): a restore never overwrites a database. */
export function isEmptyDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/** Writes a backup's files into `dataDir`, which must be empty (npm run restore). */
export async function restoreEmbedded(
  backup: Buffer,
  dataDir: string,
  /** PGlite's code compiled already (tests). */
  code: Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'> = {},
): Promise<void> {
  if (!isEmptyDir(dataDir)) throw new Error(`${dataDir} is not empty: restore into an empty one`);
  mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite({ ...code, dataDir, loadDataDir: new Blob([backup]) });
  await pg.waitReady;
  // Proof the copy opens: the books' tables are there.
  await pg.query('select count(*) from journal_entries');
  await pg.close();
}
