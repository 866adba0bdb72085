import { Decimal } from '@hx/money';
import type { Bar, Precision } from '@hx/market';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface DayStats {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  /** (close - open) / open × 100, two decimals. */
  changePercent: string;
  /** close - open. */
  change: string;
  /** Start of the last bar counted. */
  time: number;
}

interface Summary {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
}

/**
 * The 1-minute bars of one symbol over the last 24 hours (those starting in the minute of
 * now - 24h or later, as `tickerFromBars`), kept in memory so quotes cost O(1): the closed bars
 * are summarised once per change and combined with the open bar on each call.
 */
export class DayWindow {
  private bars: Bar[] = [];
  private summary: Summary | null = null;

  constructor(private readonly precision: Precision) {}

  /** A closed (or back-filled) minute, in time order; a bar of the same minute replaces it. */
  push(bar: Bar): void {
    const last = this.bars[this.bars.length - 1];
    if (last && bar.time < last.time) return;
    if (last && last.time === bar.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.summary = null;
  }

  /** Older minutes arriving late (the first start's back-fill), kept before those already here. */
  prepend(bars: readonly Bar[]): void {
    const first = this.bars[0];
    const older = first ? bars.filter((b) => b.time < first.time) : bars;
    if (older.length === 0) return;
    this.bars = [...older, ...this.bars];
    this.summary = null;
  }

  reset(bars: readonly Bar[]): void {
    this.bars = [...bars];
    this.summary = null;
  }

  stats(nowMs: number, open?: Bar): DayStats | null {
    const from = Math.floor((nowMs - DAY_MS) / MINUTE_MS) * MINUTE_MS;
    let drop = 0;
    while (drop < this.bars.length && (this.bars[drop] as Bar).time < from) drop++;
    if (drop > 0) {
      this.bars = this.bars.slice(drop);
      this.summary = null;
    }
    const lastClosed = this.bars[this.bars.length - 1];
    const current =
      open &&
      open.time >= from &&
      open.time <= nowMs &&
      (!lastClosed || open.time > lastClosed.time)
        ? open
        : undefined;
    const closed = this.summarise();
    const last = current ?? lastClosed;
    if (!last) return null;
    const base = closed ?? {
      open: new Decimal(last.open),
      high: new Decimal(last.high),
      low: new Decimal(last.low),
      volume: new Decimal(0),
    };
    const first = base.open;
    let { high, low, volume } = base;
    if (current) {
      const h = new Decimal(current.high);
      const l = new Decimal(current.low);
      if (h.gt(high)) high = h;
      if (l.lt(low)) low = l;
      volume = volume.plus(current.volume);
    }
    const { pricePrecision: pp, amountPrecision: ap } = this.precision;
    const close = new Decimal(last.close);
    const change = close.minus(first);
    return {
      open: first.toFixed(pp),
      high: high.toFixed(pp),
      low: low.toFixed(pp),
      close: close.toFixed(pp),
      volume: volume.toFixed(ap),
      change: change.toFixed(pp),
      changePercent: first.isZero()
        ? '0.00'
        : change.div(first).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      time: last.time,
    };
  }

  private summarise(): Summary | null {
    if (this.summary) return this.summary;
    const first = this.bars[0];
    if (!first) return null;
    let high = new Decimal(first.high);
    let low = new Decimal(first.low);
    let volume = new Decimal(0);
    for (const b of this.bars) {
      const h = new Decimal(b.high);
      const l = new Decimal(b.low);
      if (h.gt(high)) high = h;
      if (l.lt(low)) low = l;
      volume = volume.plus(b.volume);
    }
    this.summary = { open: new Decimal(first.open), high, low, volume };
    return this.summary;
  }
}
