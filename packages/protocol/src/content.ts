import { z } from 'zod';
import { LOCALES } from './locales.ts';
import { epochMs, idField, optionalId, optionalText, pageFields, requiredText } from './fields.ts';

/**
 * Content and support: notices (`news/*`), home banners, the help centre, feedback with support
 * replies, the avatar, and the operator API that edits them. Every text comes in the reader's
 * language, else English; `lang` says which one was served.
 */

const lang = z.enum(LOCALES).describe('the language of the words served (the asked one, else en)');

export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  published_at: epochMs,
  lang,
});
export type NoticeItem = z.infer<typeof noticeItem>;
export const noticeDetail = noticeItem.extend({ body: z.string() });
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const newsListBody = z.object(pageFields);
export const newsDetailBody = z.object({ id: idField('NOT_FOUND') });

export const bannerItem = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable().describe('an in-app route such as /pages/notice/index'),
  image: z.string().nullable(),
  lang,
});
export type BannerItem = z.infer<typeof bannerItem>;

export const HELP_ICONS = ['wallet', 'trade', 'shield', 'user', 'question'] as const;

export const helpCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  articles: z.number().int(),
  lang,
});
export type HelpCategory = z.infer<typeof helpCategory>;

export const helpArticleItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  lang,
});
export type HelpArticleItem = z.infer<typeof helpArticleItem>;
export const helpArticle = helpArticleItem.extend({
  body: z.string(),
  category_name: z.string(),
  updated_at: epochMs,
});
export type HelpArticle = z.infer<typeof helpArticle>;

/** `q` searches titles and bodies in the reader's language (English where it has none). */
export const helpListQuery = z.object({
  ...pageFields,
  category_id: z.preprocess((v) => (v === '' ? undefined : v), idField('NOT_FOUND').optional()),
  q: optionalText(100),
});
/** By `id`, or by the article's stable `code` (what the app links to, e.g. from the contracts page). */
export const helpDetailQuery = z.object({
  id: optionalId('NOT_FOUND'),
  code: optionalText(64),
});

export const FEEDBACK_MAX_IMAGES = 4;
export const FEEDBACK_MAX_CHARS = 2000;

/** Images: upload urls, as repeated fields, an array, or one comma-separated field. */
const imageList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const list = Array.isArray(v) ? v : String(v).split(',');
    return list.map((s) => String(s).trim()).filter(Boolean);
  },
  z.array(z.string().max(300)).max(FEEDBACK_MAX_IMAGES, { error: 'FEEDBACK_TOO_MANY_IMAGES' }),
);

export const feedbackBody = z.object({
  body: requiredText('FEEDBACK_REQUIRED', FEEDBACK_MAX_CHARS).refine((v) => v.length >= 5, {
    error: 'FEEDBACK_TOO_SHORT',
  }),
  images: imageList,
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const FEEDBACK_STATES = ['open', 'replied', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const feedbackReply = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: epochMs,
});
export const feedbackItem = z.object({
  id: z.number().int(),
  body: z.string(),
  images: z.array(z.string()).describe('private upload urls'),
  status: z.enum(FEEDBACK_STATES),
  created_at: epochMs,
  replies: z.array(feedbackReply),
  unread: z.boolean().describe('a reply came after the user last looked'),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const avatarBody = z.object({ avatar: requiredText('UPLOAD_INVALID', 300) });

// ---- Operator API (/api/admin, roles support and admin) ----

const textFields = z.object({
  title: requiredText('CONTENT_TITLE_REQUIRED', 200),
  summary: optionalText(500),
  body: optionalText(20_000),
});
/** Words per language; English is required (it is every reader's fallback). */
export const textsInput = z
  .partialRecord(z.enum(LOCALES), textFields)
  .refine((texts) => Boolean(texts.en), { error: 'CONTENT_ENGLISH_REQUIRED' });
export type TextsInput = z.input<typeof textsInput>;

const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean(),
);
const sortField = z.coerce.number().int().min(-1_000_000).max(1_000_000);

export const noticeInput = z.object({
  pinned: flag.default(false),
  published: flag.default(true),
  texts: textsInput,
});
export const bannerInput = z.object({
  link: optionalText(300),
  image: optionalText(300),
  sort: sortField.default(0),
  enabled: flag.default(true),
  texts: textsInput,
});
export const helpCategoryInput = z.object({
  icon: z.enum(HELP_ICONS).default('question'),
  sort: sortField.default(0),
  enabled: flag.default(true),
  texts: textsInput,
});
export const helpArticleInput = z.object({
  category_id: idField('HELP_CATEGORY_INVALID'),
  sort: sortField.default(0),
  published: flag.default(true),
  texts: textsInput,
});
export type NoticeInput = z.input<typeof noticeInput>;
export type HelpArticleInput = z.input<typeof helpArticleInput>;

const storedTexts = z.record(
  z.string(),
  z.object({ title: z.string(), summary: z.string(), body: z.string() }),
);
/** An item as operators edit it: its fields and all its languages. */
export const adminContentItem = z.object({
  id: z.number().int(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  texts: storedTexts,
});
export type AdminContentItem = z.infer<typeof adminContentItem>;

export const adminFeedbackQuery = z.object({
  ...pageFields,
  status: z.enum([...FEEDBACK_STATES, 'all']).default('open'),
});
export const adminFeedback = feedbackItem.omit({ unread: true }).extend({
  user_id: z.number().int(),
  account: z.string(),
});
export const feedbackReplyBody = z.object({
  body: requiredText('REPLY_REQUIRED', FEEDBACK_MAX_CHARS),
  close: flag.default(false),
});
export const imageParams = z.object({
  id: idField('NOT_FOUND'),
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(FEEDBACK_MAX_IMAGES - 1),
});
