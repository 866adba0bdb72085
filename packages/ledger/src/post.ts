import { eq, sql } from 'drizzle-orm';
import { CodedError } from '@hx/protocol';
import { journalEntries, ledgerAccounts, postings, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { accountIds, lockAccounts, refKey, type AccountRef } from './accounts.ts';
import { notePosted } from './posted.ts';
import { jobOn } from './batch.ts';

export type Bucket = 'available' | 'frozen';

export interface Line {
  account: AccountRef;
  bucket?: Bucket;
  /** Signed decimal: positive credits the account, negative debits it. */
  amount: Decimal.Value;
}

export interface Entry {
  kind: string;
  refType?: string;
  refId?: number;
  /** The same key posts once; a repeat returns the first entry. */
  idempotencyKey?: string;
  memo?: string;
  lines: Line[];
  at?: Date;
}

export class UnbalancedEntryError extends Error {}

/** Every line nonzero, and the lines of each coin sum to zero. */
export function assertBalanced(lines: Line[]): void {
  if (lines.length === 0) throw new UnbalancedEntryError('an entry needs postings');
  const sums = new Map<number, Decimal>();
  for (const line of lines) {
    const amount = new Decimal(line.amount);
    if (!amount.isFinite() || amount.isZero())
      throw new UnbalancedEntryError('a posting must be a nonzero number');
    if (amount.decimalPlaces() > 18)
      throw new UnbalancedEntryError('a posting has more than 18 decimals');
    sums.set(line.account.coin, (sums.get(line.account.coin) ?? new Decimal(0)).plus(amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new UnbalancedEntryError(`postings of coin ${coin} sum to ${sum.toString()}`);
  }
}

/**
 * Writes one balanced entry (inside a `LedgerWriter` job, the writer's batch writes it): locks the accounts in a fixed order, refuses to take any user
 * balance below zero (INSUFFICIENT_BALANCE), updates the balances and records the postings, all in
 * one transaction (a savepoint when `db` is already a transaction). The users it touched are
 * told to the `onPosted` hooks once the outermost transaction commits.
 */
export async function post(db: Db, entry: Entry): Promise<{ entryId: number; replayed: boolean }> {
  assertBalanced(entry.lines);
  // Inside a job of the ledger writer: checked now, written with its batch (writer.ts).
  const job = jobOn(db);
  if (job) return job.post(db, entry);
  return db.transaction(async (tx) => {
    const at = entry.at ?? new Date();
    const inserted = await tx
      .insert(journalEntries)
      .values({
        kind: entry.kind,
        refType: entry.refType,
        refId: entry.refId,
        idempotencyKey: entry.idempotencyKey,
        memo: entry.memo,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: journalEntries.id });
    if (!inserted[0]) {
      const [first] = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey!));
      return { entryId: first!.id, replayed: true };
    }
    const entryId = inserted[0].id;

    const ids = await accountIds(
      tx,
      entry.lines.map((l) => l.account),
    );
    const locked = new Map((await lockAccounts(tx, [...ids.values()])).map((a) => [a.id, a]));
    const deltas = new Map<number, { available: Decimal; frozen: Decimal }>();
    for (const line of entry.lines) {
      const id = ids.get(refKey(line.account))!;
      const delta = deltas.get(id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      delta[line.bucket ?? 'available'] = delta[line.bucket ?? 'available'].plus(line.amount);
      deltas.set(id, delta);
    }
    for (const [id, delta] of deltas) {
      const account = locked.get(id)!;
      const available = delta.available.plus(account.available);
      const frozen = delta.frozen.plus(account.frozen);
      if (!account.allowNegative && (available.isNegative() || frozen.isNegative())) {
        throw new CodedError('INSUFFICIENT_BALANCE');
      }
      await tx
        .update(ledgerAccounts)
        .set({
          available: sql`${ledgerAccounts.available} + ${delta.available.toFixed()}`,
          frozen: sql`${ledgerAccounts.frozen} + ${delta.frozen.toFixed()}`,
        })
        .where(eq(ledgerAccounts.id, id));
    }
    await tx.insert(postings).values(
      entry.lines.map((line) => ({
        entryId,
        accountId: ids.get(refKey(line.account))!,
        coinId: line.account.coin,
        bucket: line.bucket ?? 'available',
        amount: new Decimal(line.amount).toFixed(),
        createdAt: at,
      })),
    );
    notePosted(
      tx,
      entry.lines.flatMap((l) => ('user' in l.account ? [l.account.user] : [])),
    );
    return { entryId, replayed: false };
  });
}
