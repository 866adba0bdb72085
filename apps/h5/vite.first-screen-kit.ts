import { readFileSync } from 'node:fs';

/** What the first screens drawn in index.html (home, assets) share at build time. */

/** Every language of the app and its tag, as the app sets them on <html lang> (src/i18n). */
export { LOCALE_TAGS } from '../../packages/protocol/src/locales.ts';

/** A file of the app's sources, relative to apps/h5. */
export const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

export { escapeHtml } from '../../packages/protocol/src/html.ts';

/** A language's message at a dotted key, if it is a string. */
export function lookup(messages: unknown, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages);
  return typeof value === 'string' ? value : undefined;
}

/** A language's messages (src/i18n/locales/<locale>.json). */
export const messagesOf = (locale: string): unknown =>
  JSON.parse(source(`./src/i18n/locales/${locale}.json`));
