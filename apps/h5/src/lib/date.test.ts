import { describe, expect, it } from 'vitest';
import { formatTime } from './date.ts';

// 2024-03-05 07:08:09 UTC
const AT = Date.UTC(2024, 2, 5, 7, 8, 9);

describe('formatTime', () => {
  it('writes month before day in English and day before month in Spanish', () => {
    expect(formatTime(AT, 'en', 'date', 'UTC')).toBe('03/05/2024');
    expect(formatTime(AT, 'esp', 'date', 'UTC')).toBe('05/03/2024');
  });

  it('writes year first in Chinese and Japanese', () => {
    expect(formatTime(AT, 'zh', 'date', 'UTC')).toBe('2024/03/05');
    expect(formatTime(AT, 'jp', 'date', 'UTC')).toBe('2024/03/05');
  });

  it('uses a 24-hour clock', () => {
    const evening = Date.UTC(2024, 2, 5, 19, 0, 0);
    expect(formatTime(evening, 'en', 'time', 'UTC')).toBe('19:00:00');
    expect(formatTime(Date.UTC(2024, 2, 5, 0, 5, 0), 'en', 'time', 'UTC')).toBe('00:05:00');
  });

  it('writes date and time together', () => {
    expect(formatTime(AT, 'en', 'datetime', 'UTC')).toBe('03/05/2024, 07:08:09');
    expect(formatTime(AT, 'th', 'datetime', 'UTC')).toContain('07:08:09');
  });

  it('shows a dash pair for a missing time', () => {
    expect(formatTime(null, 'en')).toBe('--');
    expect(formatTime(Number.NaN, 'en')).toBe('--');
  });
});
