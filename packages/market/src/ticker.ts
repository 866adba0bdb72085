import { Dec } from './decimal.ts';
import type { Bar, Precision, Ticker24h } from './types.ts';

const DAY_MS = 86_400_000;

/**
 * 24-hour statistics from 1-minute bars sorted by time: bars starting in the 24 hours before
 * `nowMs` (the minute containing now - 24h included). Null when there is none.
 */
export function tickerFromBars(
  symbol: string,
  bars: readonly Bar[],
  nowMs: number,
  precision: Precision,
): Ticker24h | null {
  const from = Math.floor((nowMs - DAY_MS) / 60_000) * 60_000;
  const window = bars.filter((b) => b.time >= from && b.time <= nowMs);
  return summarise(symbol, window, precision);
}

/** 24-hour statistics from ticks sorted by time in (nowMs - 24h, nowMs]. Null when there is none. */
export function tickerFromTicks(
  symbol: string,
  ticks: readonly { time: number; price: string; volume: string }[],
  nowMs: number,
  precision: Precision,
): Ticker24h | null {
  const window = ticks
    .filter((t) => t.time > nowMs - DAY_MS && t.time <= nowMs)
    .map((t) => ({ ...t, open: t.price, high: t.price, low: t.price, close: t.price }));
  return summarise(symbol, window, precision);
}

function summarise(
  symbol: string,
  window: readonly Bar[],
  { pricePrecision, amountPrecision }: Precision,
): Ticker24h | null {
  const first = window[0];
  const last = window[window.length - 1];
  if (!first || !last) return null;
  let high = new Dec(first.high);
  let low = new Dec(first.low);
  let volume = new Dec(0);
  for (const b of window) {
    const h = new Dec(b.high);
    const l = new Dec(b.low);
    if (h.gt(high)) high = h;
    if (l.lt(low)) low = l;
    volume = volume.plus(b.volume);
  }
  const open = new Dec(first.open);
  const price = new Dec(last.close);
  const change = price.minus(open);
  return {
    symbol,
    time: last.time,
    price: price.toFixed(pricePrecision),
    open: open.toFixed(pricePrecision),
    high: high.toFixed(pricePrecision),
    low: low.toFixed(pricePrecision),
    volume: volume.toFixed(amountPrecision),
    change: change.toFixed(pricePrecision),
    changePercent: open.isZero() ? '0.00' : change.div(open).times(100).toFixed(2),
  };
}
