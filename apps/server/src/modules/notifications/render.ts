import {
  errorMessage,
  isErrorCode,
  LOCALE_TAGS,
  type Locale,
  type NotificationKind,
} from '@hx/protocol';
import { Decimal, formatAmount, isDecimal } from '@hx/money';
import type { Facts } from './notify.ts';
import { NOTIFICATION_TEXTS, WORDS, type NotificationText, type Word } from './texts.ts';

/** Facts that are amounts or prices: written with the reader's grouping and decimal mark. */
const NUMBERS = new Set([
  'amount',
  'price',
  'stop',
  'profit',
  'margin',
  'liquidation',
  'open_price',
  'close_price',
  'payout',
  'lots',
  'multiple',
  'fired_price',
]);
/** Facts whose value is a code with a word per language. */
const CODED = new Set(['side', 'type', 'level', 'condition', 'sending']);

const decimalsOf = (value: string) => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/** A stored decimal at the decimals it was stored with, grouped for `lang` (12345.6 → 12,345.6). */
export function formatNumber(value: string | number, lang: Locale): string {
  const text = String(value);
  if (!isDecimal(text)) return text;
  return formatAmount(text, decimalsOf(text), LOCALE_TAGS[lang]);
}

function fill(key: string, value: string | number | null | undefined, lang: Locale): string {
  if (key === 'device' && !value) return WORDS.unknown_device[lang];
  if (value === null || value === undefined) return '';
  if (CODED.has(key) && typeof value === 'string' && value in WORDS)
    return WORDS[value as Word][lang];
  if (NUMBERS.has(key)) {
    const text = formatNumber(value, lang);
    return key === 'profit' && isDecimal(value) && new Decimal(value).gt(0) ? `+${text}` : text;
  }
  // A level, or a percent (`5%`) written as the reader writes numbers.
  if (key === 'target') {
    const text = String(value);
    return text.endsWith('%')
      ? `${formatNumber(text.slice(0, -1), lang)}%`
      : formatNumber(text, lang);
  }
  // An error code, as the app would say it.
  if (key === 'why' && isErrorCode(value))
    return errorMessage(value, lang).replace(/[\s.。!！]+$/u, '');
  // An operator's reason ends where the sentence goes on.
  if (key === 'reason') return String(value).replace(/[\s.。!！]+$/u, '');
  return String(value);
}

/** The title and body of a notification in `lang`, from its kind and facts. */
export function render(kind: NotificationKind, facts: Facts, lang: Locale): NotificationText {
  const text = NOTIFICATION_TEXTS[kind][lang];
  const put = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, key: string) => fill(key, facts[key], lang));
  return { title: put(text.title), body: put(text.body) };
}

/** The facts the app gets as `data` (DATA_KEYS of the kind). */
export function dataOf(keys: readonly string[], facts: Facts): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const key of keys) {
    const value = facts[key];
    if (value !== null && value !== undefined) data[key] = value;
  }
  return data;
}

/** The device of a login, from its user agent (shared with the app's device list). */
export { deviceOf } from '@hx/protocol';
