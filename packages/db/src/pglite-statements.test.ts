import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { cacheStatements, type EmbeddedClient } from './pglite-statements.ts';

// The embedded database's statement cache, on PGlite itself (PostgreSQL has no such layer).
describe('the embedded database keeps its statements prepared', () => {
  let client: EmbeddedClient;
  beforeAll(async () => {
    client = cacheStatements(new PGlite(), 3);
    await client.exec(`create table notes (id int primary key, body text, amount numeric
      check (amount >= 0), at timestamptz, meta jsonb, done boolean)`);
  });
  afterAll(() => client.close());

  const prepared = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements'))
      .rows;

  it('parses a statement once and answers each run with its own parameters, typed as PGlite does', async () => {
    const insert = 'insert into notes values ($1, $2, $3, $4, $5, $6) returning id, at, meta, done';
    const at = new Date('2026-12-06T04:00:00.000Z');
    const first = await client.query(insert, [1, 'a', '0.1', at, { k: [1, 'x'] }, true]);
    expect(first.rows).toEqual([{ id: 1, at, meta: { k: [1, 'x'] }, done: true }]);
    expect(first.affectedRows).toBe(1);
    await client.query(insert, [2, null, '2', null, null, false]);
    const byId = 'select id, body, amount from notes where id = $1';
    const rows = [];
    for (const id of [1, 2, 3]) rows.push(...(await client.query(byId, [id])).rows);
    expect(rows).toEqual([
      { id: 1, body: 'a', amount: '0.1' },
      { id: 2, body: null, amount: '2' },
    ]);
    expect(
      (await client.query(byId, [2], { rowMode: 'array' })).rows,
      'rows as arrays when asked',
    ).toEqual([[2, null, '2']]);
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements.filter((s) => s === byId)).toHaveLength(1);
    expect(statements.filter((s) => s === insert)).toHaveLength(1);
  });

  it('closes the least recently used past its limit, and parses an evicted one again', async () => {
    for (let i = 0; i < 5; i++) await client.query(`select ${i} as n`);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
    expect((await client.query('select 0 as n')).rows).toEqual([{ n: 0 }]);
  });

  it('recovers from a statement that fails to parse and from one that fails to run', async () => {
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    const insert = 'insert into notes (id, amount) values ($1, $2)';
    await expect(client.query(insert, [10, '-1'])).rejects.toMatchObject({ code: '23514' });
    await client.query(insert, [10, '1']);
    expect((await client.query('select amount from notes where id = 10')).rows).toEqual([
      { amount: '1' },
    ]);
  });

  it('in a transaction: sees its own writes, and a rollback leaves nothing', async () => {
    const insert = 'insert into notes (id, amount) values ($1, $2)';
    const count = 'select count(*)::int as n from notes where id >= 20';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [20, '1']);
        expect((await tx.query(count)).rows).toEqual([{ n: 1 }]);
        await tx.query(insert, [21, '-1']);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    await client.transaction(async (tx) => {
      await tx.query(insert, [22, '1']);
    });
    expect((await client.query(count)).rows).toEqual([{ n: 1 }]);
  });

  it('a statement from outside waits for an open transaction instead of running inside it', async () => {
    const insert = 'insert into notes (id, amount) values ($1, $2)';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inTransaction!: () => void;
    const begun = new Promise<void>((resolve) => (inTransaction = resolve));
    const rolledBack = client.transaction(async (tx) => {
      await tx.query(insert, [30, '1']);
      inTransaction();
      await held;
      throw new Error('the outcome failed');
    });
    await begun;
    let outsideDone = false;
    const outside = client.query(insert, [31, '1']).then(() => (outsideDone = true));
    // Every turn PGlite could take to run it has passed: it is still waiting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(outsideDone).toBe(false);
    release();
    await expect(rolledBack).rejects.toThrow('the outcome failed');
    await outside;
    const ids = 'select id from notes where id in (30, 31) order by id';
    expect((await client.query(ids)).rows, 'the rollback took only its own row').toEqual([
      { id: 31 },
    ]);
  });

  it('plans a statement again when its table changed shape', async () => {
    const all = 'select * from notes where id = 1';
    expect(Object.keys((await client.query(all)).rows[0] as object)).not.toContain('memo');
    await client.exec('alter table notes add column memo text');
    expect((await client.query(all)).rows[0]).toMatchObject({ id: 1, memo: null });
  });
});
