import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client.ts';
import { runPrepared } from './prepared.ts';
import { freshDatabase } from './testing.ts';

describe('runPrepared', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
    await database.db.execute(
      sql`create table notes (id int primary key, body text, amount numeric check (amount >= 0))`,
    );
  });
  afterEach(() => database.close());

  const insert = (ids: number[], bodies: (string | null)[], amounts: string[]) =>
    runPrepared(
      database.db,
      'notes_insert',
      sql`insert into notes select * from unnest(${sql.param(ids)}::int[],
        ${sql.param(bodies)}::text[], ${sql.param(amounts)}::numeric[])`,
    );

  it('binds arrays exactly, quotes and backslashes and nulls included, and recovers from a failure', async () => {
    // The first run fails (a check): nothing is written, and the statement can run again.
    await expect(insert([1], ['x'], ['-1'])).rejects.toMatchObject({ code: '23514' });
    await insert([1, 2, 3], ['say "hi"', 'back\\slash, {braces}', null], ['0.1', '2', '30']);
    await expect(insert([3], ['again'], ['1'])).rejects.toMatchObject({ code: '23505' });
    await insert([4], ['NULL'], ['0.000000000000000001']);
    const rows = rowsOf<{ id: number; body: string | null; amount: string }>(
      await database.db.execute(sql`select id, body, amount::text from notes order by id`),
    );
    expect(rows.map((r) => [r.id, r.body, r.amount])).toEqual([
      [1, 'say "hi"', '0.1'],
      [2, 'back\\slash, {braces}', '2'],
      [3, null, '30'],
      [4, 'NULL', '0.000000000000000001'],
    ]);
  });

  it('runs a statement inside a transaction: rolled back with it, and fine again after a failure', async () => {
    const { db } = database;
    // The same text each time: on the embedded database, one prepared statement.
    const insert = (tx: typeof db, id: number, amount: string) =>
      tx.execute(
        sql`insert into notes select * from unnest(${sql.param([id])}::int[],
          ${sql.param(['in a transaction'])}::text[], ${sql.param([amount])}::numeric[])`,
      );
    await db.transaction(async (tx) => {
      await insert(tx, 10, '1');
      await insert(tx, 11, '2');
    });
    // A failure (a check) aborts its transaction: nothing of it stays. (PostgreSQL's code is on
    // the error or, from drizzle on PostgreSQL, on its cause.)
    const failed = await db
      .transaction(async (tx) => {
        await insert(tx, 12, '3');
        await insert(tx, 13, '-1');
      })
      .catch((err: { code?: string; cause?: { code?: string } }) => err.code ?? err.cause?.code);
    expect(failed).toBe('23514');
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 14, '4');
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await db.transaction((tx) => insert(tx, 15, '5'));
    const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from notes order by id`));
    expect(rows.map((r) => r.id)).toEqual([10, 11, 15]);
  });
});
