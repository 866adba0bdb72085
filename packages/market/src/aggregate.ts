import { Dec } from './decimal.ts';
import { nextPeriodStart, periodStart } from './periods.ts';
import { PERIODS } from './types.ts';
import type { Bar, Period, Precision } from './types.ts';

/** A bar being built, kept as Decimals so each tick costs no re-parsing. */
class Building {
  readonly end: number;
  constructor(
    readonly period: Period,
    readonly time: number,
    public open: Dec,
    public high: Dec,
    public low: Dec,
    public close: Dec,
    public volume: Dec,
  ) {
    this.end = nextPeriodStart(period, time);
  }

  static of(period: Period, time: number, b: Omit<Bar, 'time'>): Building {
    const [o, h, l, c] = [b.open, b.high, b.low, b.close].map((s) => new Dec(s)) as [
      Dec,
      Dec,
      Dec,
      Dec,
    ];
    return new Building(period, time, o, h, l, c, new Dec(b.volume));
  }

  add(high: Dec, low: Dec, close: Dec, volume: Dec): void {
    if (high.gt(this.high)) this.high = high;
    if (low.lt(this.low)) this.low = low;
    this.close = close;
    this.volume = this.volume.plus(volume);
  }

  toBar(p: Precision): Bar {
    return {
      time: this.time,
      open: this.open.toFixed(p.pricePrecision),
      high: this.high.toFixed(p.pricePrecision),
      low: this.low.toFixed(p.pricePrecision),
      close: this.close.toFixed(p.pricePrecision),
      volume: this.volume.toFixed(p.amountPrecision),
    };
  }
}

export interface PeriodBar {
  period: Period;
  bar: Bar;
}

export interface KlineUpdate {
  /** The open bar of every tracked period after this tick. */
  current: PeriodBar[];
  /** Bars this tick closed (it fell into a later period), oldest first. */
  closed: PeriodBar[];
  /** True when the tick was older than an open bar and was ignored. */
  late: boolean;
}

/**
 * Incremental klines for one symbol: feed ticks in time order, get the open bar of each period
 * and the bars each tick closes. Periods without ticks produce no bar.
 */
export class KlineAggregator {
  private readonly open = new Map<Period, Building>();

  constructor(
    private readonly precision: Precision,
    private readonly periods: readonly Period[] = PERIODS,
  ) {}

  /** Continues an in-progress bar (e.g. the last back-filled one) instead of starting fresh. */
  resume(period: Period, bar: Bar): void {
    this.open.set(period, Building.of(period, periodStart(period, bar.time), bar));
  }

  current(period: Period): Bar | undefined {
    return this.open.get(period)?.toBar(this.precision);
  }

  push(tick: { time: number; price: string; volume: string }): KlineUpdate {
    const closed: PeriodBar[] = [];
    for (const b of this.open.values()) {
      if (tick.time < b.time) return { current: this.currentAll(), closed, late: true };
    }
    const price = new Dec(tick.price);
    const volume = new Dec(tick.volume);
    for (const period of this.periods) {
      const b = this.open.get(period);
      if (b && tick.time < b.end) {
        b.add(price, price, price, volume);
        continue;
      }
      if (b) closed.push({ period, bar: b.toBar(this.precision) });
      const start = periodStart(period, tick.time);
      this.open.set(period, new Building(period, start, price, price, price, price, volume));
    }
    return { current: this.currentAll(), closed, late: false };
  }

  /** Closes and returns the open bars whose period has ended by `nowMs` (no tick needed). */
  closeUpTo(nowMs: number): PeriodBar[] {
    const closed: PeriodBar[] = [];
    for (const period of this.periods) {
      const b = this.open.get(period);
      if (b && b.end <= nowMs) {
        closed.push({ period, bar: b.toBar(this.precision) });
        this.open.delete(period);
      }
    }
    return closed;
  }

  private currentAll(): PeriodBar[] {
    const out: PeriodBar[] = [];
    for (const period of this.periods) {
      const b = this.open.get(period);
      if (b) out.push({ period, bar: b.toBar(this.precision) });
    }
    return out;
  }
}

/**
 * Rolls 1-minute bars (sorted by time) up into `period` bars: first open, highest high, lowest
 * low, last close, exact volume sum; strings at the symbol's precision.
 */
export function rollUp(bars1m: readonly Bar[], period: Period, precision: Precision): Bar[] {
  const out: Bar[] = [];
  let building: Building | undefined;
  for (const bar of bars1m) {
    const start = periodStart(period, bar.time);
    if (building && start === building.time) {
      building.add(new Dec(bar.high), new Dec(bar.low), new Dec(bar.close), new Dec(bar.volume));
      continue;
    }
    if (building && start < building.time) throw new RangeError('bars must be sorted by time');
    if (building) out.push(building.toBar(precision));
    building = Building.of(period, start, bar);
  }
  if (building) out.push(building.toBar(precision));
  return out;
}

/** The time-share line: the close of each 1-minute bar. */
export function timeShare(bars1m: readonly Bar[]): { time: number; price: string }[] {
  return bars1m.map((b) => ({ time: b.time, price: b.close }));
}
