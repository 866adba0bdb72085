import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  freshDatabase,
  idempotencyKeys,
  journalEntries,
  ledgerAccounts,
  transfers,
  type Database,
} from '@hx/db';
import { Decimal } from '@hx/money';
import { checkLedger } from './check.ts';
import { LedgerWriter } from './writer.ts';
import { peopleWith100Usdt, USDT } from './test-people.ts';
import type { AccountRef } from './accounts.ts';
import type { IdempotencyClaim } from './memory-job.ts';

let database: Database;
let writer: LedgerWriter;
const people: number[] = [];
const spot = (user: number): AccountRef => ({ user, sub: 'currency', coin: USDT });
const options = (user: number): AccountRef => ({ user, sub: 'options', coin: USDT });

beforeAll(async () => {
  database = await freshDatabase();
  people.push(...(await peopleWith100Usdt(database.db, 4)));
  writer = new LedgerWriter(database.db);
  await writer.accounts(people.flatMap((u) => [spot(u), options(u)]));
});
afterAll(() => database.close());

/** A transfer as the wallet submits it: its row and its entry, no SQL of its own. */
const move = (user: number, amount: string, claim?: IdempotencyClaim) =>
  writer.submit(
    async (job) => {
      const id = await job.nextId('transfers');
      await job.post({
        kind: 'transfer',
        refType: 'transfer',
        refId: id,
        lines: [
          { account: spot(user), amount: `-${amount}` },
          { account: options(user), amount },
        ],
      });
      job.insert(transfers, {
        id,
        userId: user,
        coinId: USDT,
        fromAccount: 'currency',
        toAccount: 'options',
        amount,
      });
      return { id };
    },
    { claim, accounts: [spot(user), options(user)] },
  );

async function balance(ref: AccountRef & { user: number; sub: string }) {
  const [row] = await database.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, (await writer.accounts([ref]))[0]!));
  return row!.available;
}

const rowsOf = async (ids: number[]) =>
  (await database.db.select({ n: count() }).from(transfers).where(inArray(transfers.id, ids)))[0]!
    .n;

describe('jobs submitted without SQL of their own', () => {
  it('commit together, each with its own answer; the one that cannot pay leaves nothing', async () => {
    const [a, b] = people as [number, number];
    const results = await Promise.allSettled([
      move(a, '30'),
      move(b, '150'),
      move(a, '30'),
      move(b, '40'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    const ids = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    expect(await rowsOf(ids)).toBe(3);
    expect(await balance({ ...spot(a), user: a, sub: 'currency' })).toBe('40.000000000000000000');
    expect(await balance({ ...options(b), user: b, sub: 'options' })).toBe('40.000000000000000000');
    const entries = await database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(inArray(journalEntries.refId, ids));
    expect(entries[0]!.n).toBe(3);
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('a job that throws after posting writes neither its entry nor its row', async () => {
    const c = people[2]!;
    let taken = 0;
    await expect(
      writer.submit(async (job) => {
        taken = await job.nextId('transfers');
        await job.post({
          kind: 'transfer',
          lines: [
            { account: spot(c), amount: '-5' },
            { account: options(c), amount: '5' },
          ],
        });
        job.insert(transfers, {
          id: taken,
          userId: c,
          coinId: USDT,
          fromAccount: 'currency',
          toAccount: 'options',
          amount: '5',
        });
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await rowsOf([taken])).toBe(0);
    expect(await balance({ ...spot(c), user: c, sub: 'currency' })).toBe('100.000000000000000000');
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('a job that throws after a guarded write runs again alone; its neighbour commits', async () => {
    const c = people[2]!;
    const { id } = await move(c, '1');
    const amountOf = async () =>
      (await database.db.select().from(transfers).where(eq(transfers.id, id)))[0]!.amount;
    const rewrite = (amount: string, fail: boolean) =>
      writer.submit(
        async (job) => {
          const [row] = await job.write((tx) =>
            tx
              .update(transfers)
              .set({ amount })
              .where(and(eq(transfers.id, id), eq(transfers.amount, '1')))
              .returning(),
          );
          if (!row) return null;
          await job.post({
            kind: 'transfer',
            lines: [
              { account: spot(c), amount: '-2' },
              { account: options(c), amount: '2' },
            ],
          });
          if (fail) throw new Error('changed its mind');
          return row.id;
        },
        { accounts: [spot(c), options(c)] },
      );
    const [failed, neighbour] = await Promise.allSettled([rewrite('7', true), move(c, '3')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'changed its mind' } });
    expect(neighbour.status).toBe('fulfilled');
    expect(await amountOf()).toBe('1.000000000000000000');
    expect(await balance({ ...spot(c), user: c, sub: 'currency' })).toBe('96.000000000000000000');
    // The guard holds once: the second finds nothing to change and posts nothing.
    const [done, again] = await Promise.all([rewrite('8', false), rewrite('9', false)]);
    expect([done, again]).toEqual([id, null]);
    expect(await amountOf()).toBe('8.000000000000000000');
    expect(await balance({ ...spot(c), user: c, sub: 'currency' })).toBe('94.000000000000000000');
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it("makes a batch's row moves in one go: each job gets its own row, a move whose guard no longer holds gets null", async () => {
    const c = people[1]!;
    const first = await move(c, '1');
    const second = await move(c, '1');
    const amountOf = async (id: number) =>
      (await database.db.select().from(transfers).where(eq(transfers.id, id)))[0]!.amount;
    const before = await balance({ ...spot(c), user: c, sub: 'currency' });
    const rewrite = (id: number, amount: string, fail = false) =>
      writer.submit(
        async (job) => {
          const row = job.moved as { id: number; amount: string } | null;
          if (!row) return null;
          await job.post({
            kind: 'transfer',
            lines: [
              { account: spot(c), amount: '-1' },
              { account: options(c), amount: '1' },
            ],
          });
          if (fail) throw new Error('changed its mind');
          return row;
        },
        {
          accounts: [spot(c), options(c)],
          move: { table: transfers, id, guard: { amount: '1' }, set: { amount } },
        },
      );
    // All in one batch: the first row moved once (by one of three), the second by its own move.
    const answers = await Promise.all([
      rewrite(first.id, '5'),
      rewrite(first.id, '6'),
      rewrite(second.id, '7'),
      rewrite(first.id, '8'),
    ]);
    const winners = [answers[0], answers[1], answers[3]].filter((a) => a !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ id: first.id });
    expect(await amountOf(first.id)).toBe(winners[0]!.amount);
    expect(answers[2]).toMatchObject({ id: second.id, amount: '7.000000000000000000' });
    expect(await amountOf(second.id)).toBe('7.000000000000000000');
    // Two entries posted, one per row that moved.
    const after = await balance({ ...spot(c), user: c, sub: 'currency' });
    expect(new Decimal(before).minus(after).toFixed()).toBe('2');
    // A job that throws after its move runs again alone and leaves the row as it was; its
    // neighbour commits.
    const third = await move(c, '1');
    const [failed, neighbour] = await Promise.allSettled([
      rewrite(third.id, '9', true),
      move(c, '3'),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'changed its mind' } });
    expect(neighbour.status).toBe('fulfilled');
    expect(await amountOf(third.id)).toBe('1.000000000000000000');
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('answers a repeated Idempotency-Key with the first answer, moving the money once', async () => {
    const d = people[3]!;
    const claim = { userId: d, key: 'k-1', route: '/wallet/change', requestHash: 'h1' };
    // Two at once (the second waits for the first's batch) and one after.
    const [first, twin] = await Promise.all([move(d, '10', claim), move(d, '10', claim)]);
    const later = await move(d, '10', claim);
    expect(twin).toEqual(first);
    expect(later).toEqual(first);
    expect(await balance({ ...spot(d), user: d, sub: 'currency' })).toBe('90.000000000000000000');
    const stored = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, d));
    expect(stored).toHaveLength(1);
    // The same key for other fields is refused and moves nothing.
    await expect(move(d, '20', { ...claim, requestHash: 'h2' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    // A key whose first try was refused is free to be tried again.
    const retry = { ...claim, key: 'k-2', requestHash: 'h3' };
    await expect(move(d, '500', retry)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await move(d, '5', retry);
    expect(await balance({ ...spot(d), user: d, sub: 'currency' })).toBe('85.000000000000000000');
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });
});
