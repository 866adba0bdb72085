import { count } from 'drizzle-orm';
import { LOCALES } from '@hx/protocol';
import { banners, helpArticles, helpCategories, notices, type Db } from '@hx/db';
import {
  DEMO_ARTICLES,
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_NOTICES,
  type Words,
} from './demo-texts.ts';
import { MARGIN_ARTICLE } from './margin-article.ts';
import { saveTexts, type TextsValue } from './texts.ts';

const DAY = 86_400_000;

const texts = (byLang: Record<string, Words>): TextsValue =>
  Object.fromEntries(LOCALES.map((lang) => [lang, byLang[lang]]));

const isEmpty = async (db: Db, table: typeof notices | typeof banners | typeof helpCategories) =>
  ((await db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

/**
 * Demo mode: notices, banners and the help centre in all seven languages. Each kind is seeded
 * only while its table is empty, so an operator's edits and deletions stay.
 */
export async function seedDemoContent(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (await isEmpty(tx, notices)) {
      for (const [i, n] of DEMO_NOTICES.entries()) {
        // A few minutes apart so "newest first" keeps the list's order on the same day.
        const at = new Date(now.getTime() - n.daysAgo * DAY - i * 60_000);
        const [row] = await tx
          .insert(notices)
          .values({ code: n.code, pinned: n.pinned, publishedAt: at, updatedAt: at })
          .returning({ id: notices.id });
        await saveTexts(tx, 'notice', row!.id, texts(n.texts));
      }
    }
    if (await isEmpty(tx, banners)) {
      for (const b of DEMO_BANNERS) {
        const [row] = await tx
          .insert(banners)
          .values({ code: b.code, link: b.link, sort: b.sort })
          .returning({ id: banners.id });
        await saveTexts(tx, 'banner', row!.id, texts(b.texts));
      }
    }
    if (await isEmpty(tx, helpCategories)) {
      const ids = new Map<string, number>();
      for (const c of DEMO_CATEGORIES) {
        const [row] = await tx
          .insert(helpCategories)
          .values({ code: c.code, icon: c.icon, sort: c.sort })
          .returning({ id: helpCategories.id });
        ids.set(c.code, row!.id);
        const names = Object.fromEntries(
          Object.entries(c.names).map(([lang, title]) => [lang, { title }]),
        );
        await saveTexts(tx, 'help_category', row!.id, texts(names));
      }
      for (const a of [...DEMO_ARTICLES, MARGIN_ARTICLE]) {
        const [row] = await tx
          .insert(helpArticles)
          .values({ code: a.code, categoryId: ids.get(a.category)!, sort: a.sort })
          .returning({ id: helpArticles.id });
        await saveTexts(tx, 'help_article', row!.id, texts(a.texts));
      }
    }
  });
}
