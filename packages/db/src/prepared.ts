import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isEmbedded, type Db } from './client.ts';

/**
 * Runs `query` (a statement whose text never changes) as the named prepared statement `name`:
 * parsed and planned once per database connection, then only bound and executed. On PostgreSQL,
 * drizzle sends every statement unnamed, which costs a parse and a plan each time; the embedded
 * database keeps every statement it has seen prepared already (see pglite-statements.ts).
 */
export async function runPrepared(db: Db, name: string, query: SQL): Promise<void> {
  if (isEmbedded(db)) {
    // The database's own error, as node-postgres throws it, not drizzle's wrapper.
    await db.execute(query).catch((err: { cause?: unknown }) => {
      throw err.cause ?? err;
    });
    return;
  }
  const { dialect, $client } = db as unknown as { dialect: PgDialect; $client: pg.Pool };
  const { sql: text, params } = dialect.sqlToQuery(query);
  await $client.query({ name, text, values: params });
}
