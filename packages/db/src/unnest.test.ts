import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  numeric,
  PgDialect,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from './client.ts';
import { freshDatabase } from './testing.ts';
import { lookup, unnestInsert } from './unnest.ts';

const notes = pgTable('unnest_notes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  body: text('body'),
  amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
  meta: jsonb('meta'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const people = pgTable('unnest_people', {
  id: serial('id').primaryKey(),
  invitedBy: integer('invited_by'),
});

describe('unnestInsert', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`create table unnest_notes (id serial primary key,
      user_id integer not null, body text, amount numeric(36, 18) not null, meta jsonb,
      created_at timestamptz not null default now())`);
    await database.db.execute(sql`create table unnest_people (id serial primary key,
      invited_by integer)`);
    await database.db.execute(
      sql`insert into unnest_people (id, invited_by) values (1, 40), (2, null)`,
    );
  });
  afterEach(() => database.close());

  it('writes many rows as they are, quotes, nulls, dates and JSON included', async () => {
    const at = new Date('2026-11-27T00:00:00.000Z');
    const statement = unnestInsert(notes, [
      {
        id: 7,
        userId: 1,
        body: 'say "hi", {x}',
        amount: '0.000000000000000001',
        meta: { a: [1] },
        createdAt: at,
      },
      { id: 9, userId: 2, body: null, amount: '12345678901234567.5', meta: null, createdAt: at },
    ]);
    expect(statement).not.toBeNull();
    await database.db.execute(statement!);
    const rows = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select id, user_id, body, amount::text, meta, created_at = ${at.toISOString()}::timestamptz as same_time from unnest_notes order by id`,
      ),
    );
    expect(rows).toEqual([
      {
        id: 7,
        user_id: 1,
        body: 'say "hi", {x}',
        amount: '0.000000000000000001',
        meta: { a: [1] },
        same_time: true,
      },
      {
        id: 9,
        user_id: 2,
        body: null,
        amount: '12345678901234567.500000000000000000',
        meta: null,
        same_time: true,
      },
    ]);
  });

  it('leaves to drizzle rows naming different columns or holding SQL', () => {
    expect(
      unnestInsert(notes, [
        { userId: 1, amount: '1' },
        { userId: 2, amount: '1', body: 'x' },
      ]),
    ).toBeNull();
    expect(unnestInsert(notes, [{ userId: 1, amount: sql`(select 1)` }])).toBeNull();
  });

  it('reads a lookup per row in its own statement, one text whatever the rows', async () => {
    const inviter = (id: number) => lookup(people.invitedBy, people.id, id);
    const rows = (ids: number[]) =>
      ids.map((id) => ({
        userId: id,
        amount: '1',
        meta: { inviter: 'read below' },
        body: inviter(id),
      }));
    const two = unnestInsert(notes, rows([1, 2]));
    const three = unnestInsert(notes, rows([1, 2, 3]));
    expect(two).not.toBeNull();
    const text = (statement: typeof two) => new PgDialect().sqlToQuery(statement!).sql;
    expect(text(two)).toBe(text(three));
    await database.db.execute(three!);
    const written = rowsOf<{ user_id: number; body: string | null }>(
      await database.db.execute(sql`select user_id, body from unnest_notes order by user_id`),
    );
    // Person 2 has no inviter and person 3 does not exist: both read as null.
    expect(written).toEqual([
      { user_id: 1, body: '40' },
      { user_id: 2, body: null },
      { user_id: 3, body: null },
    ]);
  });

  it('leaves to drizzle a column holding a lookup in some rows only', async () => {
    const mixed = [
      { userId: 1, amount: '1', body: lookup(people.invitedBy, people.id, 1) },
      { userId: 2, amount: '1', body: 'plain' },
    ];
    expect(unnestInsert(notes, mixed)).toBeNull();
    expect(unnestInsert(notes, [...mixed].reverse())).toBeNull();
    // As SQL, drizzle's own insert reads it the same way.
    await database.db.insert(notes).values(mixed);
    const written = rowsOf<{ body: string }>(
      await database.db.execute(sql`select body from unnest_notes order by user_id`),
    );
    expect(written).toEqual([{ body: '40' }, { body: 'plain' }]);
  });
});
