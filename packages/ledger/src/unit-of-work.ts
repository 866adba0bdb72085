import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from '@hx/db';
import type { Entry } from './entry.ts';
import { announcePosted } from './posted.ts';

/**
 * One database transaction as the ledger sees it: the users whose money its entries moved, told
 * to the `onPosted` hooks once it commits, and never when it rolls back. The transaction handles
 * it hands out are remembered here, by handle, so nothing rests on how drizzle builds a
 * transaction or a savepoint. (Not an AsyncLocalStorage: on Node 20 one makes every promise of
 * the process run a hook, 9% of a transfer's CPU.)
 */
export class UnitOfWork {
  private readonly users = new Set<number>();

  constructor(private readonly db: Db) {}

  /** These users' money moved in this unit (told after its commit). */
  note(userIds: Iterable<number>): void {
    for (const id of userIds) this.users.add(id);
  }

  /** After the commit: the hooks of the database hear the users. */
  announce(): void {
    announcePosted(this.db, this.users);
  }
}

/** A job of the ledger writer's batch: `post()` on its handle records into it (batch.ts). */
export interface EntryRecorder {
  post(tx: Db, entry: Entry): Promise<{ entryId: number; replayed: boolean }>;
}

interface Handle {
  unit: UnitOfWork;
  job?: EntryRecorder;
}

const handles = new WeakMap<Db, Handle>();

function handleOf(db: Db): Handle | undefined {
  const handle = handles.get(db);
  if (handle || !(db instanceof PgTransaction)) return handle;
  // Posted here, the entry's users could not be told after the commit: refused, not lost.
  throw new Error(
    'a ledger entry in a transaction the ledger did not begin: use unitOfWork() or app.ledger',
  );
}

/** The unit of work `db` belongs to (none for the database itself). */
export const unitOf = (db: Db): UnitOfWork | undefined => handleOf(db)?.unit;

/** The writer's job running on `db`, if any: `post()` records into it instead of writing. */
export const jobOn = (db: Db): EntryRecorder | undefined => handleOf(db)?.job;

/**
 * Runs `work` in a transaction of `db` as one unit of work, and tells the users its entries
 * touched once it commits. On a handle of another unit it is a savepoint of that unit (and of
 * the job running on it), told with it.
 */
export async function unitOfWork<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  const outer = handleOf(db);
  const handle = outer ?? { unit: new UnitOfWork(db) };
  const result = await db.transaction((tx) => {
    handles.set(tx, handle);
    return work(tx);
  }, config);
  if (!outer) handle.unit.announce();
  return result;
}

/** Runs `work` as the writer's job `job` on the unit's handle `tx` (its savepoints included). */
export async function runJob<T>(tx: Db, job: EntryRecorder, work: () => Promise<T>): Promise<T> {
  const handle = handleOf(tx);
  if (!handle) throw new Error('a ledger job runs in a unit of work');
  handles.set(tx, { unit: handle.unit, job });
  try {
    return await work();
  } finally {
    handles.set(tx, handle);
  }
}
