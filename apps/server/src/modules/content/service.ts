import { and, asc, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type {
  BannerItem,
  HelpArticle,
  HelpArticleItem,
  HelpCategory,
  Locale,
  NoticeDetail,
  NoticeItem,
} from '@hx/protocol';
import { banners, contentTexts, helpArticles, helpCategories, notices } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { summaryOf, textsFor, type ContentKind, type Text } from './texts.ts';

type Notice = typeof notices.$inferSelect;

/** What users see: published, and not dated in the future (an operator may schedule one). */
const visibleNotice = (app: Pick<ServerDeps, 'clock'>) =>
  and(eq(notices.published, true), lte(notices.publishedAt, app.clock.now()));

const noticeItem = (n: Notice, text: Text): NoticeItem => ({
  id: n.id,
  title: text.title,
  summary: summaryOf(text),
  pinned: n.pinned,
  published_at: n.publishedAt.getTime(),
  lang: text.lang,
});

/** Pinned first, then newest first. */
export async function listNotices(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  lang: Locale,
  page: number,
  limit: number,
) {
  const where = visibleNotice(app);
  const rows = await app.db
    .select()
    .from(notices)
    .where(where)
    .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db.select({ n: count() }).from(notices).where(where);
  const texts = await textsFor(
    app.db,
    'notice',
    rows.map((n) => n.id),
    lang,
  );
  return {
    list: rows.flatMap((n) => {
      const text = texts.get(n.id);
      return text ? [noticeItem(n, text)] : [];
    }),
    total: total?.n ?? 0,
    page,
  };
}

export async function noticeDetail(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  id: number,
  lang: Locale,
): Promise<NoticeDetail> {
  const [notice] = await app.db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), visibleNotice(app)));
  const text = notice && (await textsFor(app.db, 'notice', [id], lang)).get(id);
  if (!notice || !text) throw new AppError('NOT_FOUND');
  return { ...noticeItem(notice, text), body: text.body };
}

export async function listBanners(
  app: Pick<ServerDeps, 'db'>,
  lang: Locale,
): Promise<BannerItem[]> {
  const rows = await app.db
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
  const texts = await textsFor(
    app.db,
    'banner',
    rows.map((b) => b.id),
    lang,
  );
  return rows.flatMap((b) => {
    const text = texts.get(b.id);
    return text
      ? [
          {
            id: b.id,
            title: text.title,
            text: text.summary || text.body,
            link: b.link,
            image: b.image,
            lang: text.lang,
          },
        ]
      : [];
  });
}

export async function listHelpCategories(
  app: Pick<ServerDeps, 'db'>,
  lang: Locale,
): Promise<HelpCategory[]> {
  const rows = await app.db
    .select({
      id: helpCategories.id,
      icon: helpCategories.icon,
      articles: sql<number>`(select count(*)::int from ${helpArticles} a where a.category_id = ${helpCategories.id} and a.published)`,
    })
    .from(helpCategories)
    .where(eq(helpCategories.enabled, true))
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
  const texts = await textsFor(
    app.db,
    'help_category',
    rows.map((c) => c.id),
    lang,
  );
  return rows.flatMap((c) => {
    const text = texts.get(c.id);
    return text
      ? [
          {
            id: c.id,
            name: text.title,
            icon: c.icon,
            articles: Number(c.articles),
            lang: text.lang,
          },
        ]
      : [];
  });
}

/**
 * The text row a reader of `lang` is served for the item `refId`: the same choice as pickText
 * (their language, else English, else the first language there is), as a join condition.
 */
const servedText = (kind: ContentKind, refId: SQL | typeof helpArticles.id, lang: Locale) =>
  and(
    eq(contentTexts.kind, kind),
    eq(contentTexts.refId, refId),
    sql`${contentTexts.lang} = (select coalesce(
          max(case when s.lang = ${lang} then s.lang end),
          max(case when s.lang = 'en' then s.lang end),
          min(s.lang))
        from ${contentTexts} s where s.kind = ${kind} and s.ref_id = ${refId})`,
  );

/** `%` and `_` in what the user typed are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Published articles of enabled categories, in the reader's language (English where it has
 * none). `q` matches the served title or body, case-insensitively; title matches come first.
 */
export async function listHelpArticles(
  app: Pick<ServerDeps, 'db'>,
  lang: Locale,
  query: { page: number; limit: number; category_id?: number; q?: string },
) {
  const { page, limit, category_id, q } = query;
  const pattern = q ? likePattern(q) : undefined;
  const where = and(
    eq(helpArticles.published, true),
    eq(helpCategories.enabled, true),
    category_id ? eq(helpArticles.categoryId, category_id) : undefined,
    pattern
      ? sql`(${contentTexts.title} ilike ${pattern} or ${contentTexts.body} ilike ${pattern})`
      : undefined,
  );
  const base = () =>
    app.db
      .select({
        id: helpArticles.id,
        categoryId: helpArticles.categoryId,
        lang: contentTexts.lang,
        title: contentTexts.title,
        summary: contentTexts.summary,
        body: contentTexts.body,
      })
      .from(helpArticles)
      .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
      .innerJoin(contentTexts, servedText('help_article', helpArticles.id, lang))
      .where(where);
  const rows = await base()
    .orderBy(
      ...(pattern ? [sql`(${contentTexts.title} ilike ${pattern}) desc`] : []),
      asc(helpCategories.sort),
      asc(helpArticles.sort),
      asc(helpArticles.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const total = (await base()).length;
  const list: HelpArticleItem[] = rows.map((r) => ({
    id: r.id,
    category_id: r.categoryId,
    title: r.title,
    summary: summaryOf({ ...r, lang }),
    lang: r.lang as Locale,
  }));
  return { list, total, page };
}

export async function helpArticleDetail(
  app: Pick<ServerDeps, 'db'>,
  by: { id?: number; code?: string },
  lang: Locale,
): Promise<HelpArticle> {
  if (by.id === undefined && by.code === undefined) throw new AppError('NOT_FOUND');
  const [row] = await app.db
    .select({ article: helpArticles })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(
      and(
        by.id !== undefined ? eq(helpArticles.id, by.id) : eq(helpArticles.code, by.code!),
        eq(helpArticles.published, true),
        eq(helpCategories.enabled, true),
      ),
    );
  const id = row?.article.id ?? 0;
  const text = row && (await textsFor(app.db, 'help_article', [id], lang)).get(id);
  if (!row || !text) throw new AppError('NOT_FOUND');
  const category = (await textsFor(app.db, 'help_category', [row.article.categoryId], lang)).get(
    row.article.categoryId,
  );
  return {
    id,
    category_id: row.article.categoryId,
    category_name: category?.title ?? '',
    title: text.title,
    summary: summaryOf(text),
    body: text.body,
    updated_at: row.article.updatedAt.getTime(),
    lang: text.lang,
  };
}
