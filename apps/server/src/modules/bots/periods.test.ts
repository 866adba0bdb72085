import { describe, expect, it } from 'vitest';
import { isTimeZone } from '@hx/protocol';
import { firstRun, periodStart } from './periods.ts';

const at = (iso: string) => new Date(iso);

describe('recurring periods', () => {
  it('keep UTC months by the calendar, the 31st on a shorter month’s last day', () => {
    const start = at('2026-01-31T09:00:00Z');
    expect(periodStart(start, 'month', 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(periodStart(start, 'month', 2).toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(periodStart(start, 'hour', 3).toISOString()).toBe('2026-01-31T12:00:00.000Z');
  });

  it("keep the same time of day in the bot's zone across daylight saving", () => {
    // 08:00 in New York is 13:00 UTC in winter and 12:00 UTC after 8 March 2026.
    const start = at('2026-03-06T13:00:00Z');
    const zone = 'America/New_York';
    expect(periodStart(start, 'day', 1, zone).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(periodStart(start, 'day', 3, zone).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(periodStart(start, 'week', 1, zone).toISOString()).toBe('2026-03-13T12:00:00.000Z');
    // Without daylight saving, a zone is a fixed offset: 08:00 in Shanghai is 00:00 UTC.
    const shanghai = at('2026-03-06T00:00:00Z');
    expect(periodStart(shanghai, 'month', 1, 'Asia/Shanghai').toISOString()).toBe(
      '2026-04-06T00:00:00.000Z',
    );
  });

  it('start at the next chosen time on that clock, or now without one', () => {
    const now = at('2026-12-07T23:30:00Z'); // 07:30 on the 8th in Shanghai
    expect(firstRun(now, 'day', '08:00', 'Asia/Shanghai').toISOString()).toBe(
      '2026-12-08T00:00:00.000Z',
    );
    expect(firstRun(now, 'day', '07:00', 'Asia/Shanghai').toISOString()).toBe(
      '2026-12-08T23:00:00.000Z',
    );
    expect(firstRun(now, 'hour', '00:15', 'UTC').toISOString()).toBe('2026-12-08T00:15:00.000Z');
    expect(firstRun(now, 'week', null, 'UTC')).toBe(now);
  });

  it('know time zones by their IANA names', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
