import type { Locale } from '@hx/protocol';
import { Decimal, isDecimal } from '@hx/money';
import { decimalsOf } from '../../lib/market.ts';
import { floorFormat, formatPercent } from '../../lib/number.ts';

/** What a win pays: stake × (1 + rate), floored to the coin's decimals (as the server pays). */
export function expectedPayout(stake: string, rate: string, decimals: number): string | null {
  if (!isDecimal(stake) || !new Decimal(stake).gt(0)) return null;
  return new Decimal(stake)
    .times(new Decimal(1).plus(rate))
    .toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
    .toFixed(decimals);
}

/** The payout rate as a percentage written for `locale`: "0.82" → "82%" ("82 %" in Spanish). */
export const percent = (rate: string, locale: Locale) => formatPercent(rate, locale, 2);

/** Seconds as a short period label: 30s, 1m, 2m, 1m30s. */
export function periodLabel(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) {
    return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${seconds % 60}s`;
  }
  return seconds % 3600 === 0 ? `${seconds / 3600}h` : `${seconds / 60}m`;
}

/** Remaining time as m:ss (0:00 once delivery has passed). */
export function countdown(settleTime: number, now: number): string {
  const left = Math.max(0, Math.ceil((settleTime - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

export type SpanPeriod = '1min' | '5min' | '30min' | '60min';
const STEPS: readonly [SpanPeriod, number][] = [
  ['60min', 60],
  ['30min', 30],
  ['5min', 5],
  ['1min', 1],
];

/**
 * The chart's window for a product of `seconds`: sixty of its periods (a 30-second option sees
 * the last 30 minutes, a 5-minute one 5 hours, never a whole day), at least 15 minutes, drawn
 * with the coarsest kline that still gives 30 points (1-minute bars are the finest recorded).
 */
export function chartSpan(seconds: number): {
  period: SpanPeriod;
  step: number;
  minutes: number;
  bars: number;
} {
  const minutes = Math.max(15, Math.ceil(seconds));
  const [period, step] = STEPS.find(([, m]) => minutes / m >= 30) ?? STEPS[3]!;
  return { period, step, minutes, bars: Math.ceil(minutes / step) };
}

/** A price as the server sent it (at the symbol's decimals), grouped for the language. */
export function priceText(value: string | null | undefined, locale: Locale): string {
  if (!value || !isDecimal(value)) return '--';
  return floorFormat(value, decimalsOf(value), locale);
}
