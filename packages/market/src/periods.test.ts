import { describe, expect, it } from 'vitest';
import { isPeriod, nextPeriodStart, periodStart } from './periods.ts';

const utc = (iso: string) => Date.parse(iso);

describe('periodStart (UTC boundaries)', () => {
  const t = utc('2024-06-12T13:47:31.250Z'); // a Wednesday

  it.each([
    ['1min', '2024-06-12T13:47:00.000Z'],
    ['5min', '2024-06-12T13:45:00.000Z'],
    ['30min', '2024-06-12T13:30:00.000Z'],
    ['60min', '2024-06-12T13:00:00.000Z'],
    ['1day', '2024-06-12T00:00:00.000Z'],
    ['1week', '2024-06-10T00:00:00.000Z'], // Monday
    ['1mon', '2024-06-01T00:00:00.000Z'],
  ] as const)('%s floors to %s', (period, start) => {
    expect(new Date(periodStart(period, t)).toISOString()).toBe(start);
  });

  it('a time exactly on a boundary starts the new period', () => {
    expect(periodStart('1min', utc('2024-06-12T13:48:00Z'))).toBe(utc('2024-06-12T13:48:00Z'));
    expect(periodStart('1day', utc('2024-06-13T00:00:00Z'))).toBe(utc('2024-06-13T00:00:00Z'));
    expect(periodStart('1week', utc('2024-06-17T00:00:00Z'))).toBe(utc('2024-06-17T00:00:00Z'));
    expect(periodStart('1mon', utc('2024-07-01T00:00:00Z'))).toBe(utc('2024-07-01T00:00:00Z'));
    expect(periodStart('1day', utc('2024-06-12T23:59:59.999Z'))).toBe(utc('2024-06-12T00:00:00Z'));
  });

  it('weeks start on Monday 00:00 UTC, so Sunday night belongs to the week before', () => {
    expect(periodStart('1week', utc('2024-06-16T23:59:59.999Z'))).toBe(utc('2024-06-10T00:00Z'));
    expect(periodStart('1week', utc('2024-06-17T00:00:00.000Z'))).toBe(utc('2024-06-17T00:00Z'));
    // Across a year end and before the epoch (1970-01-01 was a Thursday).
    expect(periodStart('1week', utc('2025-01-01T10:00Z'))).toBe(utc('2024-12-30T00:00Z'));
    expect(periodStart('1week', 0)).toBe(utc('1969-12-29T00:00Z'));
    for (let day = 0; day < 21; day++) {
      const start = periodStart('1week', utc('2024-02-26T05:00Z') + day * 86_400_000);
      expect(new Date(start).getUTCDay()).toBe(1);
    }
  });

  it('months have their real lengths', () => {
    const days = (iso: string) =>
      (nextPeriodStart('1mon', utc(iso)) - periodStart('1mon', utc(iso))) / 86_400_000;
    expect(days('2024-02-10T00:00Z')).toBe(29); // leap year
    expect(days('2023-02-10T00:00Z')).toBe(28);
    expect(days('2024-04-30T23:59Z')).toBe(30);
    expect(days('2024-12-31T23:59Z')).toBe(31);
    expect(nextPeriodStart('1mon', utc('2024-12-15Z'))).toBe(utc('2025-01-01T00:00Z'));
  });

  it('nextPeriodStart is the end of the containing period', () => {
    expect(nextPeriodStart('5min', utc('2024-06-12T13:59:59Z'))).toBe(utc('2024-06-12T14:00Z'));
    expect(nextPeriodStart('1week', utc('2024-06-12T00:00Z'))).toBe(utc('2024-06-17T00:00Z'));
  });

  it('recognises the API period names', () => {
    expect(['1min', '1week', '1mon'].every(isPeriod)).toBe(true);
    expect(isPeriod('1m')).toBe(false);
    expect(isPeriod('toString')).toBe(false);
  });
});
