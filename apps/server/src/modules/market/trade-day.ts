import { Decimal } from '@hx/money';
import type { TradeBar } from './trade-bars.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A pair's last 24 hours of trades, as its quote and Binance's 24 h ticker give them. */
export interface TradeDayStats {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
  trades: number;
  /** Start of the last minute counted. */
  time: number;
}

interface Summary {
  open: string;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
  quoteVolume: Decimal;
  trades: number;
}

/**
 * The trade-made 1-minute bars of one pair over the last 24 hours (those starting in the minute
 * of now - 24h or later, as the index's `DayWindow`): the closed ones summarised once per
 * change, the open one added on each call, so a quote costs O(1).
 */
export class TradeDay {
  private bars: TradeBar[] = [];
  private summary: Summary | null = null;

  /** A closed minute, in time order; one of the same minute replaces it. */
  push(bar: TradeBar): void {
    const last = this.bars[this.bars.length - 1];
    if (last && bar.time < last.time) return;
    if (last && last.time === bar.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.summary = null;
  }

  reset(bars: readonly TradeBar[]): void {
    this.bars = [...bars];
    this.summary = null;
  }

  stats(nowMs: number, open: TradeBar | undefined): TradeDayStats | null {
    const from = Math.floor((nowMs - DAY_MS) / MINUTE_MS) * MINUTE_MS;
    let drop = 0;
    while (drop < this.bars.length && this.bars[drop]!.time < from) drop++;
    if (drop > 0) {
      this.bars = this.bars.slice(drop);
      this.summary = null;
    }
    const lastClosed = this.bars[this.bars.length - 1];
    const current =
      open && open.time >= from && (!lastClosed || open.time > lastClosed.time) ? open : undefined;
    const last = current ?? lastClosed;
    if (!last) return null;
    const closed = this.summarise();
    const sum = current
      ? closed
        ? merge(closed, summaryOf(current))
        : summaryOf(current)
      : closed;
    if (!sum) return null;
    return {
      open: sum.open,
      high: sum.high.toFixed(),
      low: sum.low.toFixed(),
      close: last.close,
      volume: sum.volume.toFixed(),
      quoteVolume: sum.quoteVolume.toFixed(),
      trades: sum.trades,
      time: last.time,
    };
  }

  private summarise(): Summary | null {
    if (this.summary) return this.summary;
    const [first, ...rest] = this.bars;
    if (!first) return null;
    let sum = summaryOf(first);
    for (const bar of rest) sum = merge(sum, summaryOf(bar));
    this.summary = sum;
    return sum;
  }
}

const summaryOf = (bar: TradeBar): Summary => ({
  open: bar.open,
  high: new Decimal(bar.high),
  low: new Decimal(bar.low),
  volume: new Decimal(bar.volume),
  quoteVolume: new Decimal(bar.quoteVolume),
  trades: bar.trades,
});

const merge = (a: Summary, b: Summary): Summary => ({
  open: a.open,
  high: Decimal.max(a.high, b.high),
  low: Decimal.min(a.low, b.low),
  volume: a.volume.plus(b.volume),
  quoteVolume: a.quoteVolume.plus(b.quoteVolume),
  trades: a.trades + b.trades,
});
