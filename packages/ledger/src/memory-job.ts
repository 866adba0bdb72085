import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { CodedError } from '@hx/protocol';
import { idempotencyKeys, rowsOf, SequenceIds, unnest, type Db } from '@hx/db';
import { assertBalanced, type Entry } from './post.ts';
import type { JobScope } from './batch.ts';

/**
 * What a job submitted with `LedgerWriter.submit` may do: post entries and add domain rows, all
 * checked in memory and written with its batch's statements. It issues no SQL of its own (but a
 * guarded `write`), so it needs no savepoint: a job that throws leaves nothing behind.
 */
export interface LedgerJob {
  post(entry: Entry): Promise<{ entryId: number; replayed: boolean }>;
  /**
   * A row written with the batch (one multi-row insert per table), before its entries. A value
   * may be SQL: a `lookup` (read per row in that statement, which keeps one text) or any other
   * sub-select (read in that statement, inside the batch's transaction).
   */
  insert<T extends PgTable>(table: T, values: PgInsertValue<T>): void;
  /** A fresh id of `table`'s serial `id`, for a row inserted above and named in an entry. */
  nextId(table: string): Promise<number>;
  /**
   * A guarded statement run now in the batch's transaction, one that changes the job's own row
   * or nothing (`update … where <state> returning`: a position closes only while it is open).
   * The job should not fail after it: if it throws, its batch rolls back and runs job by job.
   */
  write<T>(statement: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * With `submit`'s `move`: the row as that move left it, or null when its guard no longer held
   * (nothing should be posted then). Null without a move.
   */
  readonly moved: Record<string, unknown> | null;
}

/**
 * An Idempotency-Key the job is done under: a repeat of the same user's key is answered with the
 * first answer (or IDEMPOTENCY_KEY_REUSED when the route or the fields differ).
 */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
}

export function jobApi(
  scope: JobScope,
  tx: Db,
  ids: IdBlocks,
  moved: Record<string, unknown> | null = null,
): LedgerJob {
  return {
    moved,
    post(entry) {
      assertBalanced(entry.lines);
      return scope.post(tx, entry);
    },
    insert(table, values) {
      scope.insert(table, values as Record<string, unknown>);
    },
    nextId: (table) => ids.take(tx, table),
    write(statement) {
      scope.wrote = true;
      return statement(tx);
    },
  };
}

/** Ids of domain tables, a block per table (nextval is outside transactions: a gap at most). */
export class IdBlocks {
  private readonly tables = new Map<string, SequenceIds>();
  constructor(private readonly db: Db) {}

  async take(tx: Db, table: string): Promise<number> {
    let ids = this.tables.get(table);
    if (!ids) this.tables.set(table, (ids = new SequenceIds(this.db, table, 256)));
    return (await ids.take(1, tx))[0]!;
  }
}

type Found = { response: unknown } | { reused: true };

/** The stored answers of the claims already done (one statement for the whole batch). */
export async function claimsDone(tx: Db, claims: IdempotencyClaim[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  if (claims.length === 0) return found;
  const rows = rowsOf<{
    user_id: number;
    key: string;
    route: string;
    request_hash: string;
    response: unknown;
  }>(
    await tx.execute(sql`select k.user_id, k.key, k.route, k.request_hash, k.response
      from idempotency_keys k
      join ${unnest(
        claims.map((c) => [c.userId, c.key]),
        [
          ['user_id', 'int'],
          ['key', 'text'],
        ],
      )} on k.user_id = v.user_id and k.key = v.key`),
  );
  for (const row of rows) {
    const claim = claims.find((c) => c.userId === Number(row.user_id) && c.key === row.key)!;
    found.set(
      claimKey(claim),
      row.route === claim.route && row.request_hash === claim.requestHash
        ? { response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response }
        : { reused: true },
    );
  }
  return found;
}

export const claimKey = (c: IdempotencyClaim) => `${c.userId}:${c.key}`;

/** The answer to a repeated claim: the first answer, or the refusal of a key used otherwise. */
export function repeatAnswer(found: Found): unknown {
  if ('reused' in found) throw new CodedError('IDEMPOTENCY_KEY_REUSED');
  return found.response;
}

/** The claim's row, stored with the batch once its job succeeded. */
export function claimRow(claim: IdempotencyClaim, response: unknown, at: Date) {
  return {
    table: idempotencyKeys,
    values: { ...claim, response: response as object, createdAt: at },
  };
}
