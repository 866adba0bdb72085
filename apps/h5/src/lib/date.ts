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

/** An epoch-milliseconds time written for `locale` (24-hour clock). '--' when absent. */
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
  return format.format(ms);
}
