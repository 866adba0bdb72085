/** The seven locales of the app, in the spec's codes. `en` is the source and the fallback. */
export const LOCALES = ['en', 'zh', 'hk', 'jp', 'kr', 'esp', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * BCP 47 tags for Intl number and date formatting. Thai asks for the Gregorian calendar: th-TH
 * alone counts Buddhist years (2569 for 2026), which would set a trade's date 543 years apart
 * from the chain explorers, statements and support replies a user compares it with. Digits
 * stay Latin in every language.
 */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja-JP',
  kr: 'ko-KR',
  esp: 'es-ES',
  th: 'th-TH-u-ca-gregory',
};

/** Each language named in itself, as the language page lists it. */
export const LOCALE_TITLES: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kr: '한국어',
  esp: 'Español',
  th: 'ไทย',
};
