import type { RecurringPeriod } from '@hx/protocol';

const HOUR_MS = 3_600_000;
const FIXED: Record<Exclude<RecurringPeriod, 'month'>, number> = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
};

/** When period `k` of a bot started at `start` is due (months by the calendar, in UTC). */
export function periodStart(start: Date, every: RecurringPeriod, k: number): Date {
  if (every !== 'month') return new Date(start.getTime() + k * FIXED[every]);
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + k);
  // The 31st in a 30-day month buys on its last day.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
