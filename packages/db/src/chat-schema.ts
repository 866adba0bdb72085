import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, users } from './schema.ts';

/**
 * Live chat between a user and the support operators: one conversation per user, so a message
 * belongs to its user whoever sent it. `client_id` is the sender's own id for the message
 * (a uuid): a resend after a lost answer finds the stored message instead of adding one.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sender: text('sender').notNull().$type<'user' | 'operator'>(),
    /** The operator who replied (null for the user's own messages). */
    adminId: integer('admin_id').references(() => admins.id),
    kind: text('kind').notNull().$type<'text' | 'image'>(),
    /** The text, or the upload url of an image. */
    body: text('body').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the other side's device got it (live, or by fetching the history). */
    deliveredAt: at('delivered_at'),
    /** When the other side marked it read. */
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('chat_messages_client_uq').on(t.userId, t.clientId),
    index('chat_messages_user_idx').on(t.userId, t.id),
    check('chat_messages_sender', sql`${t.sender} in ('user', 'operator')`),
    check('chat_messages_kind', sql`${t.kind} in ('text', 'image')`),
  ],
);
