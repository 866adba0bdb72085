import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { admins, users } from './schema.ts';

/**
 * Content and support: notices, home banners, the help centre, and feedback with replies.
 * Every notice, banner, help category and article has its words per language in
 * `content_texts`; a reader gets their language, else English.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A notice (announcement): listed newest first, pinned ones on top; the home bar shows them. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    // A stable name for the demo seed; null for an operator's own notices.
    code: text('code').unique(),
    pinned: boolean('pinned').notNull().default(false),
    published: boolean('published').notNull().default(true),
    publishedAt: at('published_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.published, t.publishedAt)],
);

/** A slide of the home carousel: words per language, an in-app link, an optional image url. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  code: text('code').unique(),
  link: text('link'),
  image: text('image'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const helpCategories = pgTable('help_categories', {
  id: serial('id').primaryKey(),
  code: text('code').unique(),
  // An icon name the app knows (e.g. "wallet", "trade", "shield", "user").
  icon: text('icon').notNull().default('question'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    code: text('code').unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpCategories.id),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('help_articles_category_idx').on(t.categoryId, t.sort)],
);

/**
 * The words of one content item in one language. `kind` names the table of `ref_id`
 * (notice, banner, help_category, help_article); rows go with their item in one transaction.
 */
export const contentTexts = pgTable(
  'content_texts',
  {
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.lang] }),
    check(
      'content_texts_kind',
      sql`${t.kind} in ('notice','banner','help_category','help_article')`,
    ),
  ],
);

/** A user's feedback: text and up to four of their own uploads (private urls). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    // open: waiting for support; replied: support answered; closed: nothing more to do.
    status: text('status').notNull().default('open'),
    // When the user last opened their feedback: replies after it are unread.
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.createdAt),
    index('feedback_status_idx').on(t.status, t.createdAt),
    check('feedback_status', sql`${t.status} in ('open','replied','closed')`),
  ],
);

/** A support operator's answer to a feedback, shown to its user. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.id)],
);
