import { and, eq, isNull, sql } from 'drizzle-orm';
import { CodedError } from '@hx/protocol';
import { idempotencyKeys, journalEntries, ledgerAccounts, postings, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import { accountIds, lockAccounts, refKey } from './accounts.ts';
import { assertBalanced, type Entry } from './entry.ts';
import { jobOn, unitOf, unitOfWork } from './unit-of-work.ts';
import { claimsDone, entryClaim, repeatAnswer } from './claims.ts';

/**
 * Writes one balanced entry (inside a `LedgerWriter` job, the writer's batch writes it): locks
 * the accounts in a fixed order, refuses to take any user balance below zero
 * (INSUFFICIENT_BALANCE), updates the balances and records the postings, all in one transaction
 * (a savepoint when `db` is a unit of work's transaction: see unit-of-work.ts). The users it
 * touched are told to the `onPosted` hooks once that unit commits.
 */
export async function post(db: Db, entry: Entry): Promise<{ entryId: number; replayed: boolean }> {
  assertBalanced(entry.lines);
  // Inside a job of the ledger writer: checked now, written with its batch (writer.ts).
  const job = jobOn(db);
  if (job) return job.post(db, entry);
  return unitOfWork(db, async (tx) => {
    const at = entry.at ?? new Date();
    // The key's claim first: a twin in another transaction waits on its unique index.
    const key = entry.idempotencyKey;
    if (key) {
      const claim = entryClaim(key);
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ ...claim, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!claimed) {
        const found = (await claimsDone(tx, [claim])).values().next().value!;
        return { entryId: (repeatAnswer(found) as { entryId: number }).entryId, replayed: true };
      }
    }
    const [inserted] = await tx
      .insert(journalEntries)
      .values({
        kind: entry.kind,
        refType: entry.refType,
        refId: entry.refId,
        memo: entry.memo,
        createdAt: at,
      })
      .returning({ id: journalEntries.id });
    const entryId = inserted!.id;
    if (key)
      await tx
        .update(idempotencyKeys)
        .set({ response: { entryId } })
        .where(and(isNull(idempotencyKeys.userId), eq(idempotencyKeys.key, key)));

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
    unitOf(tx)!.note(entry.lines.flatMap((l) => ('user' in l.account ? [l.account.user] : [])));
    return { entryId, replayed: false };
  });
}
