import { describe, expect, it } from 'vitest';
import { Activity } from './activity.ts';
import { DAY_MS, periodStart } from './periods.ts';
import { createSimulatedSource } from './simulated.ts';
import { getSymbol } from './symbols.ts';
import type { Bar } from './types.ts';

const NOW = Date.parse('2024-06-12T12:00:30.500Z');
const TODAY = periodStart('1day', NOW);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cv = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2))) / m;
};
function correlation(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] as number;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

const days = (seed: number, symbol = 'BTCUSDT', count = 180): Bar[] =>
  createSimulatedSource({ seed }).backfill(symbol, TODAY - count * DAY_MS, TODAY, {
    period: '1day',
  });

describe('simulated market: activity', () => {
  it('gives daily volumes that differ from day to day (they used to average out)', () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'EURUSD']) {
      const volumes = days(1, symbol).map((b) => Number(b.volume));
      // Identical minutes summed over a day varied by about 1%; a market varies by tens of %.
      expect(cv(volumes), symbol).toBeGreaterThan(0.25);
      // The busiest day is several times the quietest, not a few percent more.
      expect(Math.max(...volumes) / Math.min(...volumes), symbol).toBeGreaterThan(2.5);
    }
  });

  it('trades more on volatile days, and keeps the typical volume of the catalogue', () => {
    const bars = days(7);
    const volume = bars.map((b) => Math.log(Number(b.volume)));
    const range = bars.map((b) => Math.log(Number(b.high) / Number(b.low)));
    expect(correlation(volume, range)).toBeGreaterThan(0.3);
    // A minute's volume averages about 1.4 × minuteVolume (the move-size term), as before.
    const perMinute = mean(bars.map((b) => Number(b.volume))) / 1440;
    const typical = 1.4 * getSymbol('BTCUSDT').minuteVolume;
    expect(perMinute / typical).toBeGreaterThan(0.75);
    expect(perMinute / typical).toBeLessThan(1.3);
  });

  it('is busiest while Europe and America overlap and quietest in the Asian night', () => {
    const minutes = createSimulatedSource({ seed: 3 }).backfill(
      'BTCUSDT',
      TODAY - 60 * DAY_MS,
      TODAY,
      { period: '60min' },
    );
    const byHour = Array.from({ length: 24 }, (_, h) =>
      mean(
        minutes.filter((b) => new Date(b.time).getUTCHours() === h).map((b) => Number(b.volume)),
      ),
    );
    const busy = mean(byHour.slice(13, 17));
    const quiet = mean(byHour.slice(3, 7));
    expect(busy / quiet).toBeGreaterThan(1.8);
    // Hours differ among themselves too, not only by the clock.
    expect(cv(minutes.map((b) => Number(b.volume)))).toBeGreaterThan(0.3);
  });

  it('is deterministic for a seed, differs between seeds, and agrees between history and live', () => {
    expect(days(5, 'SOLUSDT', 30)).toEqual(days(5, 'SOLUSDT', 30));
    expect(days(6, 'SOLUSDT', 30)).not.toEqual(days(5, 'SOLUSDT', 30));
    const a = new Activity(5, 'SOLUSDT');
    const b = new Activity(5, 'SOLUSDT');
    // Any hour on its own gives what a run of hours gives.
    const hour = Math.floor(NOW / 3_600_000);
    expect(b.hour(hour)).toBe(a.hours(hour - 100, hour)[100]);
    expect(a.at(NOW)).toBe(a.hour(hour));
  });
});
