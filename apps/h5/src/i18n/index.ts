import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import antdEn from 'antd-mobile/es/locales/en-US';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_TAGS,
  type ErrorMessages,
  type Locale,
} from '@hx/protocol';
import { addErrorMessages } from './errorTables.ts';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';
// The English the shell needs before any page (named imports: the rest of the file is not bundled
// into the entry); pages wait for the whole file (pageStrings), fetched beside their code.
import {
  agreement,
  common,
  connection,
  derivatives,
  errors,
  exit,
  home,
  kline,
  language,
  loader,
  market,
  menu,
  missing,
  notFound,
  settings,
  tabPages,
  tabs,
  update,
} from './locales/en.json';
import type EnglishMessages from './locales/en.json';

type Messages = typeof EnglishMessages;
interface Bundle {
  messages: Messages;
  antd: AntdLocale;
  errors: ErrorMessages;
}

const shellEnglish = {
  agreement,
  common,
  connection,
  derivatives,
  errors,
  exit,
  home,
  kline,
  language,
  loader,
  market,
  menu,
  missing,
  notFound,
  settings,
  tabPages,
  tabs,
  update,
};

let englishForPages: Promise<void> | undefined;
let englishLoaded = false;
/**
 * All of English (the fallback of every language, and what pages read): fetched once, as text so
 * the shell's named imports above stay apart from it. Pages' loaders wait for it (routes.ts).
 */
export function pageStrings(): Promise<void> {
  englishForPages ??= import('./locales/en.json?raw').then(
    ({ default: text }) => {
      i18next.addResourceBundle('en', 'translation', JSON.parse(text) as Messages, true, true);
      englishLoaded = true;
    },
    (error: unknown) => {
      englishForPages = undefined; // a later page load tries again
      throw error;
    },
  );
  return englishForPages;
}

/** Whether all of English is in (pageStrings has resolved). */
export function hasPageStrings(): boolean {
  return englishLoaded;
}

// English is bundled (the fallback); every other language loads only when chosen: its texts,
// antd-mobile's and its error messages.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Bundle>> = {
  zh: () =>
    all(
      import('./locales/zh.json'),
      import('antd-mobile/es/locales/zh-CN'),
      import('@hx/protocol/error-messages/zh'),
    ),
  hk: () =>
    all(
      import('./locales/hk.json'),
      import('antd-mobile/es/locales/zh-HK'),
      import('@hx/protocol/error-messages/hk'),
    ),
  jp: () =>
    all(
      import('./locales/jp.json'),
      import('antd-mobile/es/locales/ja-JP'),
      import('@hx/protocol/error-messages/jp'),
    ),
  kr: () =>
    all(
      import('./locales/kr.json'),
      import('antd-mobile/es/locales/ko-KR'),
      import('@hx/protocol/error-messages/kr'),
    ),
  esp: () =>
    all(
      import('./locales/esp.json'),
      import('antd-mobile/es/locales/es-ES'),
      import('@hx/protocol/error-messages/esp'),
    ),
  th: () =>
    all(
      import('./locales/th.json'),
      import('antd-mobile/es/locales/th-TH'),
      import('@hx/protocol/error-messages/th'),
    ),
};

async function all(
  messages: Promise<{ default: Messages }>,
  antd: Promise<{ default: AntdLocale }>,
  errors: Promise<{ default: ErrorMessages }>,
): Promise<Bundle> {
  const [m, a, e] = await Promise.all([messages, antd, errors]);
  return { messages: m.default, antd: a.default, errors: e.default };
}

const antdLocales = new Map<Locale, AntdLocale>([['en', antdEn]]);

/** The antd-mobile texts (pickers, dialogs) of a loaded locale. */
export function antdLocaleOf(locale: Locale): AntdLocale {
  return antdLocales.get(locale) ?? antdEn;
}

/** The language the user chose, or the default. */
export function storedLocale(): Locale {
  const value = storage.get(STORAGE_KEYS.lang);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language on screen now; the `lang` header follows it. */
export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

async function load(locale: Locale): Promise<void> {
  if (locale === 'en') return pageStrings();
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const bundle = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', bundle.messages);
  antdLocales.set(locale, bundle.antd);
  addErrorMessages(locale, bundle.errors);
}

function apply(locale: Locale): void {
  document.documentElement.lang = LOCALE_TAGS[locale];
  setDefaultConfig({ locale: antdLocaleOf(locale) });
}

/** Loads `locale` (a network request for all but English), switches to it and remembers it. */
export async function changeLocale(locale: Locale): Promise<void> {
  await load(locale);
  await i18next.changeLanguage(locale);
  storage.set(STORAGE_KEYS.lang, locale);
  apply(locale);
}

/** Starts i18next in the stored language; falls back to English if that cannot be loaded. */
export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...Object.keys(LOCALE_TAGS)],
    resources: { en: { translation: shellEnglish } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const wanted = storedLocale();
  try {
    await load(wanted);
    await i18next.changeLanguage(wanted);
    apply(wanted);
  } catch {
    apply('en');
  }
}

/** The current language as a hook, re-rendering when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export { i18next };
