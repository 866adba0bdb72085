import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf, type Db } from './client.ts';

const journalFile = fileURLToPath(new URL('../migrations/meta/_journal.json', import.meta.url));

/**
 * How many of this code's migrations the database has not applied (drizzle applies those newer
 * than the last one it recorded): not 0 means this process runs against an older schema.
 */
export async function migrationsBehind(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  let last = 0;
  try {
    const rows = rowsOf<{ last: string | null }>(
      await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
    );
    last = Number(rows[0]?.last ?? 0);
  } catch {
    return journal.entries.length; // never migrated
  }
  return journal.entries.filter((e) => e.when > last).length;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The PostgreSQL pool under `db` (drizzle's public `$client`); null on the embedded database. */
export function poolStatsOf(db: Db): PoolStats | null {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return {
    total: client.totalCount,
    idle: client.idleCount,
    waiting: client.waitingCount,
    max: client.options.max ?? 10,
  };
}
