import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, money, users } from './schema.ts';

/**
 * A balance holder: a user's sub-account in one coin, or a platform account (fees, treasury,
 * conversion, market maker). `available` and `frozen` are the running sums of its postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    // currency | options | contract | trust for users; the platform account's name otherwise.
    name: text('name').notNull(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    // Only the treasury (the outside world) may go below zero: it mirrors what users hold.
    allowNegative: boolean('allow_negative').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(sql`coalesce(${t.userId}, 0)`, t.name, t.coinId),
    check(
      'ledger_accounts_non_negative',
      sql`${t.allowNegative} or (${t.available} >= 0 and ${t.frozen} >= 0)`,
    ),
  ],
);

/** One business event (a deposit, a transfer, a fill) and the postings it made. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_ref_idx').on(t.refType, t.refId)],
);

export const postings = pgTable(
  'postings',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    coinId: integer('coin_id').notNull(),
    bucket: text('bucket').notNull().$type<'available' | 'frozen'>(),
    // Signed: the sum of an entry's postings is zero for every coin.
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('postings_account_idx').on(t.accountId, t.id),
    index('postings_entry_idx').on(t.entryId),
    check('postings_bucket', sql`${t.bucket} in ('available', 'frozen')`),
  ],
);
