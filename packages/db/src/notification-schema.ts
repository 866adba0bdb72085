import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A browser's web push subscription (the installed app), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's public key and auth secret (base64url), as its subscription gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Per user and kind of event (a group of notification kinds): whether it is pushed. */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
