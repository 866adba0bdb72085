import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, type Database } from '@hx/db';
import { checkLedger } from './check.ts';
import type { Entry } from './entry.ts';
import { post } from './post.ts';
import { onPosted } from './posted.ts';
import { balances } from './reads.ts';
import { peopleWith100Usdt, USDT } from './test-people.ts';
import { unitOfWork } from './unit-of-work.ts';

/**
 * Balance pushes rest on this: every entry's users reach `onPosted` once the transaction that
 * posted it has committed, and never when it rolls back. The seam is ours (unit-of-work.ts), so a
 * new drizzle cannot silently stop them.
 */

let database: Database;
let a: number, b: number, c: number;
let told: number[][];
let off: () => void;

beforeAll(async () => {
  database = await freshDatabase();
  [a, b, c] = (await peopleWith100Usdt(database.db, 3)) as [number, number, number];
});
afterAll(() => database.close());
beforeEach(() => {
  told = [];
  off = onPosted(database.db, (users) => told.push([...users].sort((x, y) => x - y)));
});
afterEach(async () => {
  off();
  expect((await checkLedger(database.db)).balanced).toBe(true);
});

const pay = (from: number, to: number, amount: string): Entry => ({
  kind: 'payment',
  lines: [
    { account: { user: from, sub: 'currency', coin: USDT }, amount: `-${amount}` },
    { account: { user: to, sub: 'currency', coin: USDT }, amount },
  ],
});

const available = async (user: number) =>
  (await balances(database.db, user)).find((r) => r.coin === USDT && r.sub === 'currency')
    ?.available;

describe('a unit of work tells onPosted after its commit', () => {
  it('post() on its own tells both users once it has committed', async () => {
    await post(database.db, pay(a, b, '1'));
    expect(told).toEqual([[a, b]]);
  });

  it('tells once, after the commit, the users of every entry in the unit', async () => {
    await unitOfWork(database.db, async (tx) => {
      await post(tx, pay(a, b, '1'));
      await post(tx, pay(b, c, '1'));
      expect(told, 'nothing while the transaction is open').toEqual([]);
    });
    expect(told).toEqual([[a, b, c]]);
  });

  it('tells nothing when the unit rolls back, and its entries are gone', async () => {
    const before = await available(a);
    await expect(
      unitOfWork(database.db, async (tx) => {
        await post(tx, pay(a, c, '5'));
        throw new Error('the outcome failed');
      }),
    ).rejects.toThrow('the outcome failed');
    expect(told).toEqual([]);
    expect(await available(a)).toBe(before);
  });

  it('a refused entry inside a unit that commits tells nothing of it', async () => {
    await unitOfWork(database.db, async (tx) => {
      await expect(post(tx, pay(c, a, '1000'))).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
    });
    expect(told).toEqual([]);
  });

  it('a unit inside a unit is a savepoint of it, told with the outer commit', async () => {
    await unitOfWork(database.db, async (tx) => {
      await unitOfWork(tx, (sp) => post(sp, pay(c, b, '1')));
      expect(told).toEqual([]);
    });
    expect(told).toEqual([[b, c]]);
  });

  it('refuses an entry in a transaction the ledger did not begin (its users could not be told)', async () => {
    const before = await available(a);
    await expect(database.db.transaction((tx) => post(tx, pay(a, b, '1')))).rejects.toThrow(
      /did not begin/,
    );
    expect(told).toEqual([]);
    expect(await available(a)).toBe(before);
  });
});
