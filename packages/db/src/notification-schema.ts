import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * What happened to a user's money or account, told to them (the bell). Only the kind and its
 * facts are kept; the title and body are written in the reader's language when read, so one row
 * serves all seven languages.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** e.g. spot_filled, lever_stop_loss, lever_liquidated, option_win, deposit_credited, ... */
    kind: text('kind').notNull(),
    /** The facts the text is made from: amounts and prices as decimal strings, ids, reasons. */
    params: jsonb('params').notNull().$type<Record<string, string | number | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
