import { COUNTRY_CODES, isCountryCode, LOCALE_TAGS, type Locale } from '@hx/protocol';

export interface CountryOption {
  code: string;
  name: string;
  /** What a search matches: the name here and in English, with and without accents, and the code. */
  search: string;
}

function namesIn(tag: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([tag], { type: 'region' });
  } catch {
    return null;
  }
}

const english = namesIn('en');
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const lists = new Map<Locale, CountryOption[]>();

/**
 * Every country a KYC submission may name, in `locale` (the code when a browser has no name for
 * it), sorted the way that language sorts: pinyin order in Chinese, Thai order in Thai.
 */
export function countryOptions(locale: Locale): CountryOption[] {
  let list = lists.get(locale);
  if (list) return list;
  const names = namesIn(LOCALE_TAGS[locale]) ?? english;
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  list = COUNTRY_CODES.map((code) => {
    const name = names?.of(code) ?? code;
    const en = english?.of(code) ?? code;
    const search = `${name} ${plain(name)} ${en} ${plain(en)} ${code}`.toLowerCase();
    return { code, name, search };
  }).sort((a, b) => collator.compare(a.name, b.name));
  lists.set(locale, list);
  return list;
}

/**
 * A stored country for reading: an ISO code is named in `locale`; an older submission holds
 * the English name it was sent with, shown as it is.
 */
export function countryName(value: string, locale: Locale): string {
  if (!isCountryCode(value)) return value;
  return (namesIn(LOCALE_TAGS[locale]) ?? english)?.of(value) ?? value;
}
