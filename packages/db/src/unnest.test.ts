import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from './client.ts';
import { freshDatabase } from './testing.ts';
import { unnestInsert } from './unnest.ts';

const notes = pgTable('unnest_notes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  body: text('body'),
  amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
  meta: jsonb('meta'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

describe('unnestInsert', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`create table unnest_notes (id serial primary key,
      user_id integer not null, body text, amount numeric(36, 18) not null, meta jsonb,
      created_at timestamptz not null default now())`);
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
});
