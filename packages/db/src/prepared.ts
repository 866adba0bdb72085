import { createHash } from 'node:crypto';
import { PGlite, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

/** Statement names each embedded database has prepared. */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * Runs `query` (a statement whose text never changes) as the named prepared statement `name`:
 * parsed and planned once per database connection, then only bound and executed. Drizzle sends
 * every statement unnamed, which costs a parse and a plan each time. Not inside a transaction.
 */
export async function runPrepared(db: Db, name: string, query: SQL): Promise<void> {
  const { dialect, $client } = db as unknown as { dialect: PgDialect; $client: unknown };
  const { sql: text, params } = dialect.sqlToQuery(query);
  if ($client instanceof PGlite) await runOnPglite($client, name, text, params.map(asText));
  else await ($client as pg.Pool).query({ name, text, values: params });
}

/**
 * `query` (rows not wanted) inside a transaction of `tx`, whose database is `db`: on the embedded
 * database as a prepared statement named after its text, parsed once per database (drizzle's
 * unnamed statements are parsed and described each time, a third of a small insert's cost in
 * PGlite); elsewhere as drizzle runs it (PostgreSQL parses in its own process).
 */
export async function executeInTransaction(db: Db, tx: Db, query: SQL): Promise<void> {
  const { dialect, $client } = db as unknown as { dialect: PgDialect; $client: unknown };
  if (!($client instanceof PGlite)) {
    await tx.execute(query);
    return;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `hx_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const inner = $client as unknown as PgliteInner;
  // The transaction holds the database; a statement in it only waits for the one before.
  await inner._runExclusiveQuery(() =>
    execNamed($client, name, text, params.map(asText), { syncToFs: false }),
  );
}

interface PgliteInner {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/** Bind and execute `name` (parsed first when this database has not seen it) in one call. */
async function execNamed(
  client: PGlite,
  name: string,
  text: string,
  values: (string | null)[],
  options: { syncToFs?: boolean } = {},
) {
  const known = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, known);
  const parse = !known.has(name);
  const { serialize } = protocol;
  // A statement that failed once may still be prepared: closing a missing one is no error.
  const messages = [
    ...(parse
      ? [serialize.close({ type: 'S', name }), serialize.parse({ name, text, types: [] })]
      : []),
    serialize.bind({ statement: name, values }),
    serialize.execute({}),
    serialize.sync(),
  ];
  try {
    await client.execProtocol(concat(messages), options);
    known.add(name);
  } catch (err) {
    known.delete(name);
    throw err;
  }
}

async function runOnPglite(client: PGlite, name: string, text: string, values: (string | null)[]) {
  // Like PGlite's own query(): no other statement or transaction runs in between.
  const inner = client as unknown as PgliteInner;
  await inner._runExclusiveTransaction(() =>
    inner._runExclusiveQuery(() => execNamed(client, name, text, values)),
  );
}

/** A parameter as PostgreSQL's text format: arrays as array literals, every element quoted. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return String(value);
  const elements = value.map((e) =>
    e === null || e === undefined ? 'NULL' : `"${String(e).replace(/[\\"]/g, '\\$&')}"`,
  );
  return `{${elements.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
