import { PERIODS } from './types.ts';
import type { Period } from './types.ts';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '1day': DAY_MS,
};

/** Start (ms UTC) of the period containing `timeMs`: weeks start Monday 00:00, months on the 1st. */
export function periodStart(period: Period, timeMs: number): number {
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return Math.floor(timeMs / fixed) * fixed;
  const day = Math.floor(timeMs / DAY_MS);
  if (period === '1week') {
    // 1970-01-01 was a Thursday: days since the epoch + 3 is days since a Monday.
    const sinceMonday = (((day + 3) % 7) + 7) % 7;
    return (day - sinceMonday) * DAY_MS;
  }
  const d = new Date(day * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the period after the one starting at (or containing) `timeMs`. */
export function nextPeriodStart(period: Period, timeMs: number): number {
  const start = periodStart(period, timeMs);
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return start + fixed;
  if (period === '1week') return start + 7 * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}
