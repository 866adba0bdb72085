import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { SequenceIds, type Db } from '@hx/db';
import { assertBalanced, type Entry } from './entry.ts';
import type { JobScope } from './batch.ts';

export type { IdempotencyClaim } from './claims.ts';

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
