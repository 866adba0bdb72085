import { Decimal } from '@hx/money';
import { PERIODS, periodStart, type Bar, type Period } from '@hx/market';

/**
 * A spot pair's bars made by its own trades: OHLCV plus what Binance's klines and tickers
 * report beside it (quote volume, number of trades, the part bought by takers). Strings are
 * exact decimals.
 */
export interface TradeBar extends Bar {
  quoteVolume: string;
  trades: number;
  /** Base amount of the trades whose taker bought. */
  takerBuyVolume: string;
  /** Quote amount of the trades whose taker bought. */
  takerBuyQuoteVolume: string;
}

export interface PeriodTradeBar {
  period: Period;
  bar: TradeBar;
}

/** One fill of the book as it is written: price, base amount, quote amount, taker's side, time. */
export interface Fill {
  price: string;
  amount: string;
  quote: string;
  takerSide: 'buy' | 'sell';
  time: number;
}

/**
 * The bars a run of fills (in time order) makes, each period's in time order: one bar per
 * period start, so a batch's rows never repeat a key. `later` of `joinBars` adds them to bars
 * already there.
 */
export function barsOfFills(fills: readonly Fill[]): PeriodTradeBar[] {
  const out: PeriodTradeBar[] = [];
  for (const period of PERIODS) {
    let current: { time: number; bar: Building } | undefined;
    for (const fill of fills) {
      const time = periodStart(period, fill.time);
      if (current && current.time === time) {
        current.bar.add(fill);
        continue;
      }
      if (current) out.push({ period, bar: current.bar.done(current.time) });
      current = { time, bar: new Building(fill) };
    }
    if (current) out.push({ period, bar: current.bar.done(current.time) });
  }
  return out;
}

/** `later` continuing `earlier` (same period and time): its open stays, the rest adds up. */
export function joinBars(earlier: TradeBar, later: TradeBar): TradeBar {
  const high = Decimal.max(earlier.high, later.high);
  const low = Decimal.min(earlier.low, later.low);
  return {
    time: earlier.time,
    open: earlier.open,
    high: high.toFixed(),
    low: low.toFixed(),
    close: later.close,
    volume: new Decimal(earlier.volume).plus(later.volume).toFixed(),
    quoteVolume: new Decimal(earlier.quoteVolume).plus(later.quoteVolume).toFixed(),
    trades: earlier.trades + later.trades,
    takerBuyVolume: new Decimal(earlier.takerBuyVolume).plus(later.takerBuyVolume).toFixed(),
    takerBuyQuoteVolume: new Decimal(earlier.takerBuyQuoteVolume)
      .plus(later.takerBuyQuoteVolume)
      .toFixed(),
  };
}

class Building {
  private high: Decimal;
  private low: Decimal;
  private close: string;
  private volume: Decimal;
  private quoteVolume: Decimal;
  private takerBuyVolume = new Decimal(0);
  private takerBuyQuoteVolume = new Decimal(0);
  private trades = 1;
  private readonly open: string;

  constructor(first: Fill) {
    this.open = first.price;
    this.close = first.price;
    this.high = new Decimal(first.price);
    this.low = this.high;
    this.volume = new Decimal(first.amount);
    this.quoteVolume = new Decimal(first.quote);
    this.takerBought(first);
  }

  private takerBought(fill: Fill): void {
    if (fill.takerSide !== 'buy') return;
    this.takerBuyVolume = this.takerBuyVolume.plus(fill.amount);
    this.takerBuyQuoteVolume = this.takerBuyQuoteVolume.plus(fill.quote);
  }

  add(fill: Fill): void {
    const price = new Decimal(fill.price);
    if (price.gt(this.high)) this.high = price;
    if (price.lt(this.low)) this.low = price;
    this.close = fill.price;
    this.volume = this.volume.plus(fill.amount);
    this.quoteVolume = this.quoteVolume.plus(fill.quote);
    this.takerBought(fill);
    this.trades += 1;
  }

  done(time: number): TradeBar {
    return {
      time,
      open: this.open,
      high: this.high.toFixed(),
      low: this.low.toFixed(),
      close: this.close,
      volume: this.volume.toFixed(),
      quoteVolume: this.quoteVolume.toFixed(),
      trades: this.trades,
      takerBuyVolume: this.takerBuyVolume.toFixed(),
      takerBuyQuoteVolume: this.takerBuyQuoteVolume.toFixed(),
    };
  }
}
