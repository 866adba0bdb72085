import type { RecurringPeriod } from '@hx/protocol';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();
/** `zone`'s wall clock at `ms`, written as if it were UTC (ms). */
function wallOf(ms: number, zone: string): number {
  let format = formats.get(zone);
  if (!format)
    formats.set(
      zone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })),
    );
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  return wall + (ms % 1000);
}

/** The instant `zone`'s clock reads `wall` (as from wallOf); in a spring-forward gap, just after. */
export function instantOf(wall: number, zone: string): number {
  let guess = wall - (wallOf(wall, zone) - wall);
  guess = wall - (wallOf(guess, zone) - guess);
  return guess;
}

/**
 * When period `k` of a bot started at `start` is due: hours as they pass; days, weeks and months
 * by the calendar of the bot's time zone, at the same time of day there (across daylight saving).
 */
export function periodStart(start: Date, every: RecurringPeriod, k: number, zone = 'UTC'): Date {
  if (every === 'hour') return new Date(start.getTime() + k * HOUR_MS);
  const d = new Date(wallOf(start.getTime(), zone));
  if (every === 'month') {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + k);
    // The 31st in a 30-day month buys on its last day.
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  } else d.setTime(d.getTime() + k * (every === 'week' ? 7 : 1) * DAY_MS);
  return new Date(instantOf(d.getTime(), zone));
}

/**
 * The first run of a bot set at `now` to buy at `at` ("HH:MM" on `zone`'s clock): the next such
 * moment (for hourly bots, the next hh:MM), or `now` when no time was chosen.
 */
export function firstRun(now: Date, every: RecurringPeriod, at: string | null, zone: string) {
  if (at === null) return now;
  const [hh, mm] = at.split(':').map(Number) as [number, number];
  const wall = new Date(wallOf(now.getTime(), zone));
  if (every === 'hour') wall.setUTCMinutes(mm, 0, 0);
  else wall.setUTCHours(hh, mm, 0, 0);
  let first = instantOf(wall.getTime(), zone);
  if (first < now.getTime()) {
    wall.setTime(wall.getTime() + (every === 'hour' ? HOUR_MS : DAY_MS));
    first = instantOf(wall.getTime(), zone);
  }
  return new Date(first);
}
