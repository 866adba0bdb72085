import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@hx/protocol';
import { contentTexts, type Db } from '@hx/db';

export type ContentKind = 'notice' | 'banner' | 'help_category' | 'help_article';
/** Words per language as the operator API takes them (validated by textsInput). */
export type TextsValue = Partial<
  Record<Locale, { title: string; summary?: string; body?: string } | undefined>
>;
export interface Text {
  lang: Locale;
  title: string;
  summary: string;
  body: string;
}

/**
 * The words a reader of `lang` gets: their language, else English, else whatever exists
 * (an operator may have written only one language). Undefined when there is none at all.
 */
export function pickText(texts: readonly Text[], lang: Locale): Text | undefined {
  return (
    texts.find((t) => t.lang === lang) ??
    texts.find((t) => t.lang === DEFAULT_LOCALE) ??
    // The alphabetically first language, as the search query picks it too.
    [...texts].sort((a, b) => (a.lang < b.lang ? -1 : 1))[0]
  );
}

/** The served text of each item, by id; items without any text are left out. */
export async function textsFor(
  db: Db,
  kind: ContentKind,
  ids: readonly number[],
  lang: Locale,
): Promise<Map<number, Text>> {
  const all = await allTextsFor(db, kind, ids);
  const out = new Map<number, Text>();
  for (const [id, texts] of all) {
    const text = pickText(texts, lang);
    if (text) out.set(id, text);
  }
  return out;
}

/** Every language of each item, by id. */
export async function allTextsFor(
  db: Db,
  kind: ContentKind,
  ids: readonly number[],
): Promise<Map<number, Text[]>> {
  const out = new Map<number, Text[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(contentTexts)
    .where(and(eq(contentTexts.kind, kind), inArray(contentTexts.refId, [...ids])));
  for (const row of rows) {
    if (!isLocale(row.lang)) continue;
    const list = out.get(row.refId) ?? [];
    list.push({ lang: row.lang, title: row.title, summary: row.summary, body: row.body });
    out.set(row.refId, list);
  }
  return out;
}

/** Replaces an item's words with `texts` (languages left out are removed). */
export async function saveTexts(
  tx: Db,
  kind: ContentKind,
  refId: number,
  texts: TextsValue,
): Promise<void> {
  await deleteTexts(tx, kind, refId);
  const rows = Object.entries(texts).flatMap(([lang, text]) =>
    text && isLocale(lang)
      ? [
          {
            kind,
            refId,
            lang,
            title: text.title,
            summary: text.summary ?? '',
            body: text.body ?? '',
          },
        ]
      : [],
  );
  if (rows.length > 0) await tx.insert(contentTexts).values(rows);
}

export async function deleteTexts(tx: Db, kind: ContentKind, refId: number): Promise<void> {
  await tx
    .delete(contentTexts)
    .where(and(eq(contentTexts.kind, kind), eq(contentTexts.refId, refId)));
}

/** A list summary when none was written: the body's first sentence or so. */
export function summaryOf(text: Text, max = 120): string {
  if (text.summary) return text.summary;
  const flat = text.body
    .replace(/[#*_>`-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Texts as the operator API shows them: all languages keyed by language. */
export function textsRecord(texts: readonly Text[] = []) {
  return Object.fromEntries(
    texts.map((t) => [t.lang, { title: t.title, summary: t.summary, body: t.body }]),
  );
}
