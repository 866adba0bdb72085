import { describe, expect, it } from 'vitest';
import { chartSpan, countdown, expectedPayout, percent, periodLabel, priceText } from './calc.ts';

describe('option figures', () => {
  it('expects stake × (1 + rate), floored to the coin', () => {
    expect(expectedPayout('10', '0.8', 4)).toBe('18.0000');
    expect(expectedPayout('10.0001', '0.82', 4)).toBe('18.2001');
    expect(expectedPayout('', '0.8', 4)).toBeNull();
    expect(expectedPayout('0', '0.8', 4)).toBeNull();
  });
  it('labels rates, periods and countdowns', () => {
    expect(percent('0.82', 'en')).toBe('82%');
    expect(percent('0.825', 'esp')).toBe('82,5\u00a0%');
    expect(periodLabel(30)).toBe('30s');
    expect(periodLabel(120)).toBe('2m');
    expect(periodLabel(90)).toBe('1m30s');
    expect(countdown(61_000, 0)).toBe('1:01');
    expect(countdown(0, 5_000)).toBe('0:00');
  });
  it('fits the chart to the period: never a day for a 30-second option', () => {
    expect(chartSpan(30)).toEqual({ period: '1min', step: 1, minutes: 30, bars: 30 });
    expect(chartSpan(60)).toEqual({ period: '1min', step: 1, minutes: 60, bars: 60 });
    expect(chartSpan(120)).toEqual({ period: '1min', step: 1, minutes: 120, bars: 120 });
    expect(chartSpan(300)).toEqual({ period: '5min', step: 5, minutes: 300, bars: 60 });
    expect(chartSpan(3600)).toEqual({ period: '60min', step: 60, minutes: 3600, bars: 60 });
    expect(chartSpan(5)).toMatchObject({ period: '1min', minutes: 15, bars: 15 });
  });
  it('writes prices with the separators of the language', () => {
    expect(priceText('65000.12', 'en')).toBe('65,000.12');
    expect(priceText('65000.12', 'esp')).toBe('65.000,12');
    expect(priceText('0.12345', 'en')).toBe('0.12345');
    expect(priceText(null, 'en')).toBe('--');
  });
});
