import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { freshDatabase, journalEntries, ledgerAccounts, meta, type Database } from '@hx/db';
import { checkLedger } from './check.ts';
import { post } from './post.ts';
import { onPosted } from './posted.ts';
import { LedgerWriter } from './writer.ts';
import { peopleWith100Usdt, USDT } from './test-people.ts';
import { totals } from './holdings.ts';
import type { AccountRef } from './accounts.ts';

let database: Database;
let writer: LedgerWriter;
const people: number[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  people.push(...(await peopleWith100Usdt(database.db, 6)));
  writer = new LedgerWriter(database.db);
});
afterAll(() => database.close());

const spot = (user: number): AccountRef => ({ user, sub: 'currency', coin: USDT });
const options = (user: number): AccountRef => ({ user, sub: 'options', coin: USDT });

async function available(ref: { user: number; sub: string }) {
  const [row] = await database.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.userId} = ${ref.user} and ${ledgerAccounts.name} = ${ref.sub} and ${ledgerAccounts.coinId} = ${USDT}`,
    );
  return row ? Number(row.available) : 0;
}

const move = (user: number, amount: string) =>
  writer.transaction((tx) =>
    post(tx, {
      kind: 'transfer',
      lines: [
        { account: spot(user), amount: `-${amount}` },
        { account: options(user), amount },
      ],
    }),
  );

describe('the ledger writer', () => {
  it('commits many callers in one batch, and refuses only the one that cannot pay', async () => {
    const [a, b, c] = people;
    const results = await Promise.allSettled([
      move(a!, '30'),
      move(b!, '130'), // more than b holds
      move(c!, '40'),
      move(a!, '70'), // a's last 70, after the 30 above in the same batch
      move(a!, '0.0001'), // nothing left
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    const ids = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.entryId] : []));
    expect(new Set(ids).size).toBe(3);
    expect(await available({ user: a!, sub: 'currency' })).toBe(0);
    expect(await available({ user: a!, sub: 'options' })).toBe(100);
    expect(await available({ user: b!, sub: 'currency' })).toBe(100);
    expect(await available({ user: c!, sub: 'options' })).toBe(40);
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('rolls back a failing job’s own rows and entries, and keeps its neighbours’', async () => {
    const [, , , d, e] = people;
    const mark = (key: string) => ({ key, value: 'x', updatedAt: 1 });
    const results = await Promise.allSettled([
      writer.transaction(async (tx) => {
        await tx.insert(meta).values(mark('kept'));
        return post(tx, {
          kind: 'transfer',
          lines: [
            { account: spot(d!), amount: '-10' },
            { account: options(d!), amount: '10' },
          ],
        });
      }),
      writer.transaction(async (tx) => {
        await tx.insert(meta).values(mark('dropped'));
        await post(tx, {
          kind: 'transfer',
          lines: [
            { account: spot(e!), amount: '-10' },
            { account: options(e!), amount: '10' },
          ],
        });
        throw new Error('the domain said no after posting');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const keys = await database.db.select({ key: meta.key }).from(meta);
    expect(keys.map((k) => k.key)).toContain('kept');
    expect(keys.map((k) => k.key)).not.toContain('dropped');
    expect(await available({ user: e!, sub: 'currency' })).toBe(100);
    expect(await available({ user: d!, sub: 'options' })).toBe(10);
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('posts an Idempotency-Key once, even twice in one batch', async () => {
    const [, , , , , f] = people;
    const once = () =>
      writer.transaction((tx) =>
        post(tx, {
          kind: 'demo_funds',
          idempotencyKey: `demo:${f}`,
          lines: [
            { account: { platform: 'treasury', coin: USDT }, amount: '-5' },
            { account: spot(f!), amount: '5' },
          ],
        }),
      );
    const [first, twin] = await Promise.all([once(), once()]);
    const later = await once();
    expect(first.replayed).toBe(false);
    expect(twin).toEqual({ entryId: first.entryId, replayed: true });
    expect(later).toEqual({ entryId: first.entryId, replayed: true });
    const [n] = await database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(
        sql`${journalEntries.kind} = 'demo_funds' and ${journalEntries.id} in (select p.entry_id from postings p join ledger_accounts a on a.id = p.account_id where a.user_id = ${f})`,
      );
    expect(n!.n).toBe(1);
    expect(await available({ user: f!, sub: 'currency' })).toBe(105);
  });

  it('tells onPosted the users of the jobs that committed, after the commit', async () => {
    const [a, b] = people;
    const told: number[][] = [];
    const off = onPosted(database.db, (ids) => told.push(ids));
    await Promise.allSettled([move(b!, '1'), move(a!, '1000')]);
    off();
    expect(told).toEqual([[b!]]);
  });

  it('keeps the books balanced under 200 concurrent random moves', async () => {
    const moves = Array.from({ length: 200 }, (_, i) =>
      move(people[i % people.length]!, String(1 + (i % 7))).catch(() => null),
    );
    await Promise.all(moves);
    const check = await checkLedger(database.db);
    expect(check.balanced).toBe(true);
    for (const user of people)
      expect(await available({ user, sub: 'currency' })).toBeGreaterThanOrEqual(0);
  });
});

describe('two writers on one database (as two processes)', () => {
  it('cross payments in both directions never deadlock for good, lose nothing, and keep the books', async () => {
    const other = new LedgerWriter(database.db);
    for (const user of people)
      await post(database.db, {
        kind: 'deposit',
        lines: [
          { account: { platform: 'treasury', coin: USDT }, amount: '-50' },
          { account: spot(user), amount: '50' },
        ],
      });
    const before = await totals(database.db, USDT);
    let done = 0;
    const pay = (w: LedgerWriter, from: number, to: number) =>
      w
        .transaction((tx) =>
          post(tx, {
            kind: 'payment',
            lines: [
              { account: spot(from), amount: '-0.5' },
              { account: spot(to), amount: '0.5' },
            ],
          }),
        )
        .then(() => done++)
        .catch((err: { code?: string }) => {
          if (err.code !== 'INSUFFICIENT_BALANCE') throw err;
        });
    const runs: Promise<unknown>[] = [];
    for (let i = 0; i < 240; i++) {
      const a = people[i % people.length]!;
      const b = people[(i * 7 + 3) % people.length]!;
      if (a === b) continue;
      runs.push(pay(i % 2 ? writer : other, a, b), pay(i % 2 ? other : writer, b, a));
    }
    await Promise.all(runs);
    expect(done).toBeGreaterThan(runs.length / 2);
    const check = await checkLedger(database.db);
    expect(check.balanced).toBe(true);
    const after = await totals(database.db, USDT);
    expect(after[0]!.users).toBe(before[0]!.users);
    for (const user of people)
      expect(await available({ user, sub: 'currency' })).toBeGreaterThanOrEqual(0);
  });
});

describe('totals', () => {
  it('says what users hold per coin, beside the platform accounts, summing to zero', async () => {
    const [usdt] = await totals(database.db, USDT);
    const held = await Promise.all(
      people.flatMap((user) => [
        available({ user, sub: 'currency' }),
        available({ user, sub: 'options' }),
      ]),
    );
    expect(Number(usdt!.users)).toBeCloseTo(
      held.reduce((a, b) => a + b, 0),
      10,
    );
    const platform = Object.values(usdt!.platform).reduce((a, b) => a + Number(b), 0);
    expect(Number(usdt!.users) + platform).toBeCloseTo(0, 10);
    expect(Number(usdt!.platform.treasury)).toBeLessThan(0);
  });
});
