import { describe, expect, it } from 'vitest';
import { LOCALES } from '@hx/protocol';
import { formatTime } from './date.ts';

// 2024-03-05 07:08:09 UTC
const AT = Date.UTC(2024, 2, 5, 7, 8, 9);

describe('formatTime', () => {
  it('writes English year first (not the US month/day order) and Spanish day before month', () => {
    expect(formatTime(AT, 'en', 'date', 'UTC')).toBe('2024-03-05');
    expect(formatTime(Date.UTC(2026, 11, 6), 'en', 'date', 'UTC')).toBe('2026-12-06');
    expect(formatTime(AT, 'esp', 'date', 'UTC')).toBe('05/03/2024');
  });

  it('writes year first in Chinese, Japanese and Korean', () => {
    expect(formatTime(AT, 'zh', 'date', 'UTC')).toBe('2024/03/05');
    expect(formatTime(AT, 'jp', 'date', 'UTC')).toBe('2024/03/05');
    expect(formatTime(AT, 'kr', 'date', 'UTC')).toBe('2024. 03. 05.');
  });

  it('writes Hong Kong dates day first', () => {
    expect(formatTime(AT, 'hk', 'date', 'UTC')).toBe('05/03/2024');
  });

  it('counts Thai years on the Gregorian calendar, as every other language does', () => {
    expect(formatTime(AT, 'th', 'date', 'UTC')).toBe('05/03/2024');
    expect(formatTime(AT, 'th', 'datetime', 'UTC')).not.toContain('2567');
  });

  it('writes no English month name and only Latin digits in any language', () => {
    for (const locale of LOCALES) {
      const text = formatTime(AT, locale, 'datetime', 'UTC');
      expect(text, locale).not.toMatch(/Mar|[A-Za-z]{3}/);
      expect(text, locale).toMatch(/^[\d\s/.,:年月日-]+$/);
      expect(text, locale).toContain('07:08:09');
    }
  });

  it('uses a 24-hour clock', () => {
    const evening = Date.UTC(2024, 2, 5, 19, 0, 0);
    expect(formatTime(evening, 'en', 'time', 'UTC')).toBe('19:00:00');
    expect(formatTime(Date.UTC(2024, 2, 5, 0, 5, 0), 'en', 'time', 'UTC')).toBe('00:05:00');
  });

  it('writes date and time together', () => {
    expect(formatTime(AT, 'en', 'datetime', 'UTC')).toBe('2024-03-05 07:08:09');
    expect(formatTime(AT, 'zh', 'datetime', 'UTC')).toBe('2024/03/05 07:08:09');
  });

  it('shows a dash pair for a missing time', () => {
    expect(formatTime(null, 'en')).toBe('--');
    expect(formatTime(Number.NaN, 'en')).toBe('--');
  });
});
