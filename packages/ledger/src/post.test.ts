import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { coins, freshDatabase, ledgerAccounts, postings, users, type Database } from '@hx/db';
import { checkLedger } from './check.ts';
import { UnbalancedEntryError } from './entry.ts';
import { post } from './post.ts';
import type { AccountRef } from './accounts.ts';

let database: Database;
let alice: number;
let bob: number;
const USDT = 3;

beforeAll(async () => {
  database = await freshDatabase();
  const { db } = database;
  await db.insert(coins).values([
    { id: 1, name: 'BTC', fullName: 'Bitcoin', decimals: 8 },
    { id: 3, name: 'USDT', fullName: 'Tether', decimals: 4 },
  ]);
  const rows = await db
    .insert(users)
    .values([
      { email: 'alice@x.io', nickname: 'a', passwordHash: 'x', inviteCode: 'AAAA1111' },
      { email: 'bob@x.io', nickname: 'b', passwordHash: 'x', inviteCode: 'BBBB2222' },
    ])
    .returning({ id: users.id });
  alice = rows[0]!.id;
  bob = rows[1]!.id;
});
afterAll(() => database.close());

const spot = (user: number, coin = USDT): AccountRef => ({ user, sub: 'currency', coin });
const treasury = (coin = USDT): AccountRef => ({ platform: 'treasury', coin });

async function balance(ref: { user: number; sub: string; coin: number }) {
  const [row] = await database.db
    .select()
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.userId} = ${ref.user} and ${ledgerAccounts.name} = ${ref.sub} and ${ledgerAccounts.coinId} = ${ref.coin}`,
    );
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

const deposit = (user: number, amount: string, key?: string) =>
  post(database.db, {
    kind: 'deposit',
    idempotencyKey: key,
    lines: [
      { account: treasury(), amount: `-${amount}` },
      { account: spot(user), amount },
    ],
  });

describe('post', () => {
  it('credits a deposit from the treasury and the books balance', async () => {
    await deposit(alice, '100.123456789012345678');
    expect((await balance(spot(alice) as never)).available).toBe('100.123456789012345678');
    const check = await checkLedger(database.db);
    expect(check.balanced).toBe(true);
    expect(check.coins).toEqual([{ currency_id: USDT, sum: '0.000000000000000000' }]);
  });

  it('refuses an entry whose postings do not sum to zero, and writes nothing', async () => {
    const before = await database.db.select().from(postings);
    await expect(
      post(database.db, {
        kind: 'bad',
        lines: [
          { account: treasury(), amount: '-1' },
          { account: spot(alice), amount: '0.999' },
        ],
      }),
    ).rejects.toThrow(UnbalancedEntryError);
    expect(await database.db.select().from(postings)).toHaveLength(before.length);
  });

  it('refuses to take a user below zero, with INSUFFICIENT_BALANCE, and changes nothing', async () => {
    const before = await balance(spot(alice) as never);
    await expect(
      post(database.db, {
        kind: 'transfer',
        lines: [
          { account: spot(alice), amount: '-1000' },
          { account: spot(bob), amount: '1000' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await balance(spot(alice) as never)).toEqual(before);
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('freezes and releases within one account', async () => {
    await post(database.db, {
      kind: 'freeze',
      lines: [
        { account: spot(alice), bucket: 'available', amount: '-40' },
        { account: spot(alice), bucket: 'frozen', amount: '40' },
      ],
    });
    expect(await balance(spot(alice) as never)).toEqual({
      available: '60.123456789012345678',
      frozen: '40.000000000000000000',
    });
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('posts an idempotency key once', async () => {
    const first = await deposit(bob, '5', 'req-1');
    const again = await deposit(bob, '5', 'req-1');
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    expect((await balance(spot(bob) as never)).available).toBe('5.000000000000000000');
  });

  it('serialises concurrent spending of one balance: never negative, never lost', async () => {
    const carol = (
      await database.db
        .insert(users)
        .values({ email: 'carol@x.io', nickname: 'c', passwordHash: 'x', inviteCode: 'CCCC3333' })
        .returning({ id: users.id })
    )[0]!.id;
    await deposit(carol, '100');
    const attempts = Array.from({ length: 15 }, () =>
      post(database.db, {
        kind: 'transfer',
        lines: [
          { account: spot(carol), amount: '-10' },
          { account: { user: carol, sub: 'options', coin: USDT }, amount: '10' },
        ],
      }).then(
        () => 'ok',
        (e: { code?: string }) => e.code ?? String(e),
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await balance(spot(carol) as never)).available).toBe('0.000000000000000000');
    expect((await checkLedger(database.db)).balanced).toBe(true);
  });

  it('the database itself refuses a negative user balance', async () => {
    await expect(
      database.db
        .update(ledgerAccounts)
        .set({ available: '-1' })
        .where(eq(ledgerAccounts.userId, bob)),
    ).rejects.toThrow();
  });

  it('notices a balance edited outside the ledger', async () => {
    await database.db
      .update(ledgerAccounts)
      .set({ available: '999' })
      .where(eq(ledgerAccounts.userId, bob));
    const check = await checkLedger(database.db);
    expect(check.balanced).toBe(false);
    expect(check.mismatched).toContainEqual(
      expect.objectContaining({ stored: '999.000000000000000000', posted: '5.000000000000000000' }),
    );
  });
});
