// Fails the build when the app bundles another language's error messages with its pages: each
// language but English (the fallback) must sit in a file of its own, fetched only when chosen
// (apps/h5/src/i18n/errors.ts). Run with `node --import tsx` (it reads the catalogue's sources).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '../packages/protocol/src/errors.ts';

const assets = new URL('../apps/h5/dist/assets/', import.meta.url).pathname;
const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
const text = new Map(files.map((file) => [file, readFileSync(join(assets, file), 'utf8')]));
/** A few coincidences (a page's own words) do not make a file hold a language. */
const HOLDS = 3;

// Each language's messages that no other language shares, as the minifier leaves them verbatim.
const all = Object.values(ERROR_MESSAGES).flatMap((messages) => Object.values(messages));
const own = Object.fromEntries(
  Object.entries(ERROR_MESSAGES).map(([locale, messages]) => [
    locale,
    Object.values(messages).filter(
      (m) => m.length >= 6 && !/[`'"\\]/.test(m) && all.filter((o) => o === m).length === 1,
    ),
  ]),
);
const holders = (locale) =>
  files.filter((file) => own[locale].filter((m) => text.get(file).includes(m)).length >= HOLDS);
const staticallyImported = (file) =>
  [...text.values()].some((source) => new RegExp(`(?:from|import)\\s*"\\./${file}"`).test(source));

const problems = [];
const held = new Map();
for (const locale of Object.keys(ERROR_MESSAGES)) {
  const where = holders(locale);
  for (const file of where) held.set(file, [...(held.get(file) ?? []), locale]);
  console.log(`  error messages ${locale.padEnd(3)} in ${where.join(', ') || 'no file'}`);
  if (locale === 'en') continue;
  if (where.length === 0) problems.push(`${locale}: not found in any file (is the check stale?)`);
  for (const file of where.filter(staticallyImported))
    problems.push(`${locale}: ${file} is imported statically, so it loads with the pages`);
}
for (const [file, locales] of held)
  if (locales.length > 1)
    problems.push(`${file} holds the error messages of ${locales.join(', ')}`);

if (problems.length > 0) {
  console.error(`Error messages bundled in the wrong place:\n  ${problems.join('\n  ')}`);
  console.error('Pages call errorMessage of apps/h5/src/i18n/errors.ts, never of @hx/protocol.');
  process.exit(1);
}
console.log('Each language of the error messages loads on its own.');
