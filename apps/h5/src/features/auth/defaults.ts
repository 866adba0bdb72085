import type { Locale } from '@hx/protocol';

/** The calling code offered first, by the language in use. */
export const DEFAULT_AREA_CODE: Record<Locale, string> = {
  en: '1',
  zh: '86',
  hk: '852',
  jp: '81',
  kr: '82',
  esp: '34',
  th: '66',
};
