import { LOCALE_TAGS, type Locale } from '@hx/protocol';

export type DateStyle = 'date' | 'time' | 'datetime';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  datetime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * English dates are written year first (2026-12-06), not in the US order (12/06/2026) that
 * `en-US` gives and half the world reads as the 12th of June.
 */
function isoDate(format: Intl.DateTimeFormat, ms: number, style: DateStyle): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = value;
  const date = `${part.year}-${part.month}-${part.day}`;
  const time = `${part.hour}:${part.minute}:${part.second}`;
  return style === 'date' ? date : `${date} ${time}`;
}

/**
 * An epoch-milliseconds time written for `locale` (24-hour clock; English year first,
 * 2026-12-06 07:08:09). '--' when absent.
 */
export function formatTime(
  ms: number | null | undefined,
  locale: Locale,
  style: DateStyle = 'datetime',
  timeZone?: string,
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '--';
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...STYLES[style], timeZone });
    formatters.set(key, format);
  }
  return locale === 'en' && style !== 'time' ? isoDate(format, ms, style) : format.format(ms);
}
