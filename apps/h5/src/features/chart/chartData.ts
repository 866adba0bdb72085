import type { KlineBar, KlinePeriod } from '@hx/protocol';
import { movingAverage } from '../../lib/market.ts';

/**
 * Bars as the API sends them (decimal strings, epoch ms) turned into what the chart draws
 * (numbers, epoch seconds). Numbers are for drawing only; anything shown as text stays a string.
 */

/** The chart's tabs: the time-share line (1-minute closes of 24 h) and every kline period. */
// (Listed here rather than spread from the contracts' KLINE_PERIODS, whose module brings zod.)
export const CHART_PERIODS = [
  'timeShare',
  ...([
    '1min',
    '5min',
    '30min',
    '60min',
    '1day',
    '1week',
    '1mon',
  ] as const satisfies readonly KlinePeriod[]),
] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const MA_LENGTHS = [5, 10, 30] as const;

export interface Point {
  time: number;
  value?: number;
  color?: string;
}
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

/** Bars by time, ascending, the incoming ones replacing any with the same time. */
export function mergeBars(
  existing: readonly KlineBar[],
  incoming: readonly KlineBar[],
): KlineBar[] {
  if (incoming.length === 0) return [...existing];
  const byTime = new Map(existing.map((b) => [b.time, b]));
  for (const bar of incoming) byTime.set(bar.time, bar);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Puts a live bar into `bars` (mutated): replaces the last bar when it has the same time, appends
 * a newer one. Returns false for an older bar (the caller refetches instead).
 */
export function applyLiveBar(bars: KlineBar[], bar: KlineBar): 'updated' | 'appended' | false {
  const last = bars[bars.length - 1];
  if (!last || bar.time > last.time) {
    bars.push(bar);
    return 'appended';
  }
  if (bar.time === last.time) {
    bars[bars.length - 1] = bar;
    return 'updated';
  }
  return false;
}

export function toCandle(bar: KlineBar): Candle {
  return {
    time: seconds(bar.time),
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
  };
}

export function toVolume(bar: KlineBar, rise: string, fall: string): Point {
  const up = Number(bar.close) >= Number(bar.open);
  return { time: seconds(bar.time), value: Number(bar.volume), color: up ? rise : fall };
}

/** A moving-average line; bars before the first full window are gaps (whitespace). */
export function maLine(bars: readonly KlineBar[], length: number): Point[] {
  const values = movingAverage(
    bars.map((b) => Number(b.close)),
    length,
  );
  return bars.map((b, i) =>
    values[i] === undefined
      ? { time: seconds(b.time) }
      : { time: seconds(b.time), value: values[i] },
  );
}

/** The moving average at the last bar only, for a live update. */
export function lastMaPoint(bars: readonly KlineBar[], length: number): Point | null {
  const last = bars[bars.length - 1];
  if (!last) return null;
  if (bars.length < length) return { time: seconds(last.time) };
  let sum = 0;
  for (let i = bars.length - length; i < bars.length; i++) sum += Number(bars[i]!.close);
  return { time: seconds(last.time), value: sum / length };
}

/** Whether labels are dates (daily bars and longer, in UTC as the bars are) or times. */
export function isDaily(period: ChartPeriod): boolean {
  return period === '1day' || period === '1week' || period === '1mon';
}

export const isKlinePeriod = (p: ChartPeriod): p is KlinePeriod => p !== 'timeShare';

/**
 * When the bars shown begin with the demo's simulated walk (bars the server marks `simulated`,
 * before the pair's first trade): the time of the first bar made by trades, or of the end of
 * the walk when none is yet; null when nothing shown is simulated.
 */
export function simulatedUntil(bars: readonly KlineBar[]): number | null {
  if (!bars.some((b) => b.simulated)) return null;
  const firstTraded = bars.find((b) => !b.simulated);
  return firstTraded?.time ?? bars[bars.length - 1]!.time;
}
