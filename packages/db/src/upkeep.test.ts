import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { rowsOf, type Db } from './client.ts';
import { cacheStatements, drizzleEmbedded, type EmbeddedClient } from './pglite-statements.ts';
import { freshDatabase } from './testing.ts';
import { upkeepStep, type UpkeepStep } from './upkeep.ts';

/** The `postgres` project: these PGlite suites ran in the embedded one. */
const onPostgres = process.env.HX_TEST_DB === 'postgres';

/** Upkeep steps until nothing is due (at most `limit`). */
async function upkeepAll(db: Db, limit = 200): Promise<UpkeepStep[]> {
  const steps: UpkeepStep[] = [];
  for (let step = await upkeepStep(db); step && steps.length < limit; step = await upkeepStep(db))
    steps.push(step);
  return steps;
}

const one = async <T>(db: Db, query: string) => rowsOf<T>(await db.execute(sql.raw(query)))[0]!;
const probe = async (db: Db) => {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  return one<{ dead: number; rows: number; bytes: number }>(
    db,
    `select s.n_dead_tup::int as dead, c.reltuples::int as rows,
            pg_relation_size('probe')::int as bytes
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'probe'`,
  );
};

// PGlite runs PostgreSQL in single-user mode: no autovacuum daemon, so the server does its work.
describe.skipIf(onPostgres)(
  'the embedded database is vacuumed and analyzed as autovacuum would',
  () => {
    let client: EmbeddedClient;
    let db: Db;
    beforeAll(async () => {
      client = cacheStatements(new PGlite());
      db = drizzleEmbedded(client) as unknown as Db;
      await client.exec(`create table probe (id int primary key, amount numeric not null)`);
      await client.exec(`insert into probe select g, g from generate_series(1, 5000) g`);
      await upkeepAll(db);
    });
    afterAll(() => client.close());

    it('reclaims the rows updates left behind, so a table that is only updated stops growing', async () => {
      const before = await probe(db);
      expect(before.rows, 'statistics taken').toBe(5000);
      await client.exec(`update probe set amount = amount + 1`);
      const updated = await probe(db);
      expect(updated.dead).toBe(5000);
      const steps = await upkeepAll(db);
      expect(steps).toContainEqual(
        expect.objectContaining({ table: 'public.probe', work: 'vacuum', reason: 'dead rows' }),
      );
      expect((await probe(db)).dead).toBe(0);
      // The space of the dead rows is used again: the same update grows the table no further.
      await client.exec(`update probe set amount = amount + 1`);
      await upkeepAll(db);
      expect((await probe(db)).bytes).toBe(updated.bytes);
    });

    it('only takes new statistics when changes are past the analyze line but not the vacuum one', async () => {
      // 800 changed rows of 5,000: past 50 + 10%, short of 1,000 inserts + 20% and of 50 + 20% dead.
      await client.exec(`insert into probe select g, g from generate_series(5001, 5800) g`);
      const steps = await upkeepAll(db);
      expect(steps.filter((s) => s.table === 'public.probe')).toEqual([
        expect.objectContaining({ work: 'analyze', reason: 'changes' }),
      ]);
      expect((await probe(db)).rows).toBe(5800);
      expect(await upkeepStep(db), 'nothing left to do').toBeNull();
    });

    it('comes to an end after analyzing many columns (the statistics table is never analyzed)', async () => {
      const columns = Array.from({ length: 120 }, (_, i) => `c${i} int`).join(', ');
      await client.exec(`create table wide (${columns})`);
      await client.exec(`insert into wide select ${Array(120).fill('g').join(', ')}
                       from generate_series(1, 2000) g`);
      const steps = await upkeepAll(db);
      expect(steps.map((s) => s.table)).toContain('public.wide');
      expect(steps.length).toBeLessThan(10);
      expect(await upkeepStep(db)).toBeNull();
    });
  },
);

describe.skipIf(onPostgres)(
  'transaction ids never come near wraparound on the embedded database',
  () => {
    // The lowest age PostgreSQL allows, so a test can pass it: 100,000 write transactions.
    const maxAge = 100_000;
    let client: EmbeddedClient;
    let db: Db;
    beforeAll(async () => {
      client = cacheStatements(
        new PGlite({
          startParams: [...PGlite.defaultStartParams, '-c', `autovacuum_freeze_max_age=${maxAge}`],
        }),
      );
      db = drizzleEmbedded(client) as unknown as Db;
      await client.exec(`create table probe (id int primary key, amount numeric not null)`);
      await upkeepAll(db);
    });
    afterAll(() => client.close());

    it('vacuums the oldest tables first once their ids are older than autovacuum_freeze_max_age', async () => {
      // Each statement is a write transaction of its own: the ids age every table.
      for (let i = 0; i < maxAge + 1000; i += 1000)
        await client.exec(
          Array.from({ length: 1000 }, () => 'begin; select txid_current(); commit;').join('\n'),
        );
      const oldest = () =>
        one<{ age: number }>(
          db,
          `select age(datfrozenxid) as age from pg_database
                                where datname = current_database()`,
        );
      expect((await oldest()).age).toBeGreaterThan(maxAge);
      const steps = await upkeepAll(db);
      expect(steps.length).toBeGreaterThan(1);
      expect(steps[0]).toMatchObject({ work: 'vacuum', reason: 'wraparound' });
      expect((await oldest()).age).toBeLessThan(maxAge);
    }, 60_000);
  },
);

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('leaves the work to its own autovacuum', async () => {
    const database = await freshDatabase();
    try {
      await database.db.execute(
        sql`create table probe as select g from generate_series(1, 5000) g`,
      );
      await database.db.execute(sql`update probe set g = g + 1`);
      expect(await upkeepStep(database.db)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
