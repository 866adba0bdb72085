import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CodedError } from '@hx/protocol';
import { unnest, unnestInsert, withCtes, type Cell, type Db, type SequenceIds } from '@hx/db';
import { Decimal } from '@hx/money';
import { accountIds, lockAccounts, refKey } from './accounts.ts';
import type { Bucket, Entry } from './entry.ts';
import { unitOf, type EntryRecorder } from './unit-of-work.ts';
import { claimRow, claimsDone, entryClaim, repeatAnswer } from './claims.ts';

export { runJob } from './unit-of-work.ts';

/**
 * What one batch of the ledger writer holds while its jobs run: the balances of the accounts it
 * locked (as read under the lock, plus the postings of the jobs that succeeded), and the entries
 * to write when the batch ends. A job's own changes stay in its `JobScope` until it succeeds, so
 * a job that fails leaves nothing behind.
 */
export class BatchState {
  readonly balances = new Map<number, Balance>();
  readonly entries: PendingEntry[] = [];
  /** Domain rows of the jobs that succeeded (`LedgerJob.insert`), written before the entries. */
  readonly rows: DomainRow[] = [];
  readonly keys = new Map<string, number>();
  /** Account ids learned by the jobs that succeeded: cached by the writer after the commit. */
  readonly learned = new Map<string, number>();

  constructor(
    readonly tx: Db,
    readonly at: () => Date,
    /** The writer's entry ids, a block of the sequence at a time (one query per 256). */
    private readonly entryIds: SequenceIds,
  ) {}

  /**
   * Locks the accounts this batch has not locked yet, in id order (one statement), and keeps
   * their balances as read under the lock. Returns the ids it locked.
   */
  async lock(tx: Db, ids: number[]): Promise<number[]> {
    const fresh = [...new Set(ids)].filter((id) => !this.balances.has(id));
    if (fresh.length === 0) return [];
    const rows = await lockAccounts(tx, fresh);
    for (const row of rows)
      this.balances.set(row.id, {
        available: new Decimal(row.available),
        frozen: new Decimal(row.frozen),
        allowNegative: row.allowNegative,
      });
    return rows.map((r) => r.id);
  }

  /** A fresh entry id (asked for in the batch's transaction: PGlite has one connection). */
  async nextEntryId(): Promise<number> {
    return (await this.entryIds.take(1, this.tx))[0]!;
  }
}

export interface DomainRow {
  table: PgTable;
  values: Record<string, unknown>;
}

interface Balance {
  available: Decimal;
  frozen: Decimal;
  allowNegative: boolean;
}

interface PendingEntry {
  id: number;
  entry: Entry;
  at: Date;
  accounts: number[];
}

export class JobScope implements EntryRecorder {
  private readonly deltas = new Map<number, { available: Decimal; frozen: Decimal }>();
  private readonly entries: PendingEntry[] = [];
  private readonly rows: DomainRow[] = [];
  private readonly locked: number[] = [];
  private readonly learned = new Map<string, number>();
  private readonly users = new Set<number>();
  /** A job without a savepoint ran SQL of its own (`LedgerJob.write`): it cannot fail alone. */
  wrote = false;

  constructor(
    private readonly batch: BatchState,
    private readonly ids: ReadonlyMap<string, number>,
  ) {}

  /**
   * `post()` inside a batch: locks the entry's accounts once per batch, checks every balance
   * against what is locked plus what this batch posted so far, and records the entry.
   */
  async post(tx: Db, entry: Entry): Promise<{ entryId: number; replayed: boolean }> {
    const key = entry.idempotencyKey;
    if (key) {
      const twin =
        this.batch.keys.get(key) ?? this.entries.find((e) => e.entry.idempotencyKey === key)?.id;
      if (twin !== undefined) return { entryId: twin, replayed: true };
      const found = (await claimsDone(tx, [entryClaim(key)])).values().next().value;
      if (found)
        return { entryId: (repeatAnswer(found) as { entryId: number }).entryId, replayed: true };
    }
    const refs = entry.lines.map((l) => l.account);
    const missing = refs.filter((r) => !this.idOf(refKey(r)));
    if (missing.length > 0)
      for (const [k, id] of await accountIds(tx, missing)) this.learned.set(k, id);
    const accountOf = refs.map((r) => this.idOf(refKey(r))!);
    await this.lock(tx, accountOf);

    const change = new Map<number, { available: Decimal; frozen: Decimal }>();
    entry.lines.forEach((line, i) => {
      const id = accountOf[i]!;
      const bucket: Bucket = line.bucket ?? 'available';
      const d = change.get(id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      d[bucket] = d[bucket].plus(line.amount);
      change.set(id, d);
    });
    for (const [id, d] of change) {
      const base = this.batch.balances.get(id)!;
      const mine = this.deltas.get(id);
      const available = base.available.plus(mine?.available ?? 0).plus(d.available);
      const frozen = base.frozen.plus(mine?.frozen ?? 0).plus(d.frozen);
      if (!base.allowNegative && (available.isNegative() || frozen.isNegative()))
        throw new CodedError('INSUFFICIENT_BALANCE');
    }
    for (const [id, d] of change) {
      const mine = this.deltas.get(id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      this.deltas.set(id, {
        available: mine.available.plus(d.available),
        frozen: mine.frozen.plus(d.frozen),
      });
    }
    const id = await this.batch.nextEntryId();
    // The key's claim is written with the batch's rows, before its entries.
    if (key) {
      const row = claimRow(entryClaim(key), { entryId: id }, entry.at ?? this.batch.at());
      this.rows.push(row);
    }
    this.entries.push({ id, entry, at: entry.at ?? this.batch.at(), accounts: accountOf });
    for (const line of entry.lines) if ('user' in line.account) this.users.add(line.account.user);
    return { entryId: id, replayed: false };
  }

  /** A domain row to write with the batch (a job submitted without SQL of its own). */
  insert(table: PgTable, values: Record<string, unknown>): void {
    this.rows.push({ table, values });
  }

  /** The job succeeded: its entries, rows and balances join the batch (on `tx`). */
  commit(tx: Db): void {
    this.batch.rows.push(...this.rows);
    for (const [id, d] of this.deltas) {
      const b = this.batch.balances.get(id)!;
      b.available = b.available.plus(d.available);
      b.frozen = b.frozen.plus(d.frozen);
    }
    this.batch.entries.push(...this.entries);
    for (const e of this.entries)
      if (e.entry.idempotencyKey) this.batch.keys.set(e.entry.idempotencyKey, e.id);
    for (const [k, id] of this.learned) this.batch.learned.set(k, id);
    unitOf(tx)!.note(this.users);
  }

  /**
   * The job failed. Its savepoint, when it had one, rolled back with the row locks it took; a job
   * without one wrote nothing, and the locks it took stay the batch's.
   */
  abandon(rolledBack: boolean): void {
    if (rolledBack) for (const id of this.locked) this.batch.balances.delete(id);
  }

  private idOf(key: string): number | undefined {
    return this.ids.get(key) ?? this.batch.learned.get(key) ?? this.learned.get(key);
  }

  private async lock(tx: Db, ids: number[]): Promise<void> {
    this.locked.push(...(await this.batch.lock(tx, ids)));
  }
}

/** An entry as it is written: its id taken beforehand, its lines on known account ids. */
export interface EntryRow {
  id: number;
  kind: string;
  refType?: string | null;
  refId?: number | null;
  memo?: string | null;
  at: Date;
  lines: { accountId: number; coin: number; bucket: Bucket; amount: string }[];
}

/**
 * The three CTEs that write entries: the journal rows, their postings, and the balances they
 * change (added to what is stored, never overwritten). Every writer of money (this package's
 * writer and spot's pair writers) writes through these, inside its own one statement; the text
 * is the same whatever the batch, so a caller may prepare it.
 */
export function entryCtes(entries: EntryRow[]): { name: string; body: SQL }[] {
  const deltas = new Map<number, { available: Decimal; frozen: Decimal }>();
  const lines: Cell[][] = [];
  for (const entry of entries) {
    const at = entry.at.toISOString();
    for (const line of entry.lines) {
      const d = deltas.get(line.accountId) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      d[line.bucket] = d[line.bucket].plus(line.amount);
      deltas.set(line.accountId, d);
      lines.push([entry.id, line.accountId, line.coin, line.bucket, line.amount, at]);
    }
  }
  const changed = [...deltas].filter(([, d]) => !d.available.isZero() || !d.frozen.isZero());
  return [
    {
      name: 'entries',
      body: sql`insert into journal_entries (id, kind, ref_type, ref_id, memo, created_at)
        select * from ${unnest(
          entries.map((e) => [
            e.id,
            e.kind,
            e.refType ?? null,
            e.refId ?? null,
            e.memo ?? null,
            e.at.toISOString(),
          ]),
          [
            ['id', 'int'],
            ['kind', 'text'],
            ['ref_type', 'text'],
            ['ref_id', 'int'],
            ['memo', 'text'],
            ['created_at', 'timestamptz'],
          ],
        )}`,
    },
    {
      name: 'lines',
      body: sql`insert into postings (entry_id, account_id, coin_id, bucket, amount, created_at)
        select * from ${unnest(lines, [
          ['entry_id', 'int'],
          ['account_id', 'int'],
          ['coin_id', 'int'],
          ['bucket', 'text'],
          ['amount', 'numeric'],
          ['created_at', 'timestamptz'],
        ])}`,
    },
    {
      name: 'balances',
      body: sql`update ledger_accounts as a
        set available = a.available + v.da, frozen = a.frozen + v.df
        from ${unnest(
          changed.map(([id, d]) => [id, d.available.toFixed(), d.frozen.toFixed()]),
          [
            ['id', 'int'],
            ['da', 'numeric'],
            ['df', 'numeric'],
          ],
        )}
        where a.id = v.id`,
    },
  ];
}

/** Writes the batch's domain rows: one multi-row insert per table, in the order first added. */
export async function writeRows(tx: Db, rows: DomainRow[]): Promise<void> {
  const byTable = new Map<PgTable, Record<string, unknown>[]>();
  for (const { table, values } of rows) {
    const list = byTable.get(table) ?? [];
    list.push(values);
    byTable.set(table, list);
  }
  for (const [table, list] of byTable) {
    const statement = unnestInsert(table, list);
    if (statement) await tx.execute(statement);
    else await tx.insert(table).values(list as never);
  }
}

/** Writes the batch's entries, postings and balance changes in one statement. */
export async function writeEntries(tx: Db, entries: PendingEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows: EntryRow[] = entries.map(({ id, entry, at, accounts }) => ({
    id,
    kind: entry.kind,
    refType: entry.refType,
    refId: entry.refId,
    memo: entry.memo,
    at,
    lines: entry.lines.map((line, i) => ({
      accountId: accounts[i]!,
      coin: line.account.coin,
      bucket: line.bucket ?? 'available',
      amount: new Decimal(line.amount).toFixed(),
    })),
  }));
  await tx.execute(withCtes(entryCtes(rows)));
}
