import type { Db } from '@hx/db';
import { PERIODS, periodStart, type Period, type SymbolSpec } from '@hx/market';
import { Decimal } from '@hx/money';
import type { MarketQuote } from '@hx/protocol';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Hub } from '../../ws/hub.ts';
import { klineChannel, tickerChannel } from '../../ws/channels.ts';
import { buildQuote } from './quotes.ts';
import {
  minuteTradeBars,
  openTradeBars,
  pairHistory,
  tradeBarsBetween,
  type Scales,
} from './spot-store.ts';
import { barsOfFills, joinBars, type Fill, type TradeBar } from './trade-bars.ts';
import { TradeDay, type TradeDayStats } from './trade-day.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A pair's last trade: what its ticker's last price and quantity are. */
export interface LastTrade {
  price: string;
  amount: string;
  time: number;
}

interface PairState {
  spec: SymbolSpec;
  /** The open bar of each period (the newest the pair has). */
  open: Map<Period, TradeBar>;
  day: TradeDay;
  last: LastTrade | null;
  /** The first trade-made minute; before it a demo's chart shows the walk. */
  since: number | null;
}

export interface TradeSeriesDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
}

/**
 * Every spot pair's prices made by its own book: its last trade, its 24 hours and its bars of
 * every period. Spot writes the bars with each batch's trades (`spot/trade-klines.ts`) and then
 * tells this (`traded`) in the pair's owner, which publishes the pair's `ticker.<S>` and
 * `kline.<S>.<period>`; other processes hear the same fills over the bus and keep their memory
 * in step without publishing. The index (what the market records) never moves these.
 */
export class TradeSeries {
  private readonly states: Map<string, PairState>;

  constructor(
    private readonly deps: TradeSeriesDeps,
    specs: readonly SymbolSpec[],
  ) {
    this.states = new Map(
      specs
        .filter((s) => s.kind === 'spot')
        .map((spec) => [
          spec.symbol,
          { spec, open: new Map(), day: new TradeDay(), last: null, since: null },
        ]),
    );
  }

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  private readonly scales: Scales = (symbol) => {
    const spec = this.states.get(symbol)?.spec;
    const price = spec?.pricePrecision ?? 18;
    const amount = spec?.amountPrecision ?? 18;
    return { price, amount, quote: Math.min(price + amount, 18) };
  };

  /** The open bars, the 24 hours and the last trade of every pair, from the database. */
  async init(): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock.now().getTime();
    const symbols = [...this.states.keys()];
    if (symbols.length === 0) return;
    const starts = PERIODS.map((period) => ({ period, time: periodStart(period, now) }));
    const history = await pairHistory(db, symbols);
    for (const [symbol, state] of this.states) {
      const h = history.get(symbol);
      state.open = new Map();
      state.since = h?.since ?? null;
      state.last = h?.last ?? null;
    }
    for (const bar of await openTradeBars(db, symbols, starts, this.scales))
      this.states.get(bar.symbol)?.open.set(bar.period, bar);
    const dayFrom = Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS;
    const minute = periodStart('1min', now);
    const bySymbol = new Map<string, TradeBar[]>();
    for (const bar of await minuteTradeBars(db, symbols, dayFrom, this.scales)) {
      if (bar.time >= minute) continue; // the open minute is `open`
      bySymbol.set(bar.symbol, [...(bySymbol.get(bar.symbol) ?? []), bar]);
    }
    for (const [symbol, state] of this.states) state.day.reset(bySymbol.get(symbol) ?? []);
  }

  /**
   * A batch's fills, now on record, in time order: the bars they moved, the 24 hours and the
   * last trade. `publish` in the pair's owner: the ticker and the moved bars go out.
   */
  traded(symbol: string, fills: readonly Fill[], publish: boolean): void {
    const state = this.states.get(symbol);
    const lastFill = fills[fills.length - 1];
    if (!state || !lastFill) return;
    const moved: { period: Period; bar: TradeBar }[] = [];
    for (const { period, bar } of barsOfFills(fills)) {
      const open = state.open.get(period);
      if (open && bar.time < open.time) continue; // older than the open bar: on record only
      const next = open && open.time === bar.time ? joinBars(open, bar) : bar;
      if (period === '1min' && open && open.time < bar.time) state.day.push(open);
      state.open.set(period, next);
      moved.push({ period, bar: next });
    }
    state.last = { price: lastFill.price, amount: lastFill.amount, time: lastFill.time };
    state.since ??= periodStart('1min', fills[0]!.time);
    if (!publish) return;
    const { hub } = this.deps;
    const ticker = tickerChannel(symbol);
    if (hub.has(ticker)) hub.publish(ticker, this.quote(symbol));
    for (const { period, bar } of moved) {
      const ch = klineChannel(symbol, period);
      if (hub.has(ch)) hub.publish(ch, this.shown(state.spec, bar));
    }
  }

  /** The pair's quote: its last trade and the 24 hours of its trades (nulls before any). */
  quote(symbol: string): MarketQuote {
    const state = this.states.get(symbol) ?? fail('SYMBOL_UNKNOWN');
    const stats = this.day(symbol);
    const { pricePrecision: pp, amountPrecision: ap } = state.spec;
    const last = state.last && { price: fixed(state.last.price, pp), time: state.last.time };
    const volume = stats && fixed(stats.volume, ap);
    const day = stats && {
      ...stats,
      open: fixed(stats.open, pp),
      high: fixed(stats.high, pp),
      low: fixed(stats.low, pp),
      close: fixed(stats.close, pp),
      volume: volume!,
      change: new Decimal(stats.close).minus(stats.open).toFixed(pp),
      changePercent: new Decimal(stats.open).isZero()
        ? '0.00'
        : new Decimal(stats.close)
            .minus(stats.open)
            .div(stats.open)
            .times(100)
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
            .toFixed(2),
    };
    return buildQuote(state.spec, last, day);
  }

  /** The last 24 hours of the pair's trades (Binance's 24 h ticker); null without any. */
  day(symbol: string): TradeDayStats | null {
    const state = this.states.get(symbol) ?? fail('SYMBOL_UNKNOWN');
    return state.day.stats(this.deps.clock.now().getTime(), state.open.get('1min'));
  }

  lastTrade(symbol: string): LastTrade | null {
    return this.states.get(symbol)?.last ?? null;
  }

  /** The first minute made by trades (null before the first trade). */
  since(symbol: string): number | null {
    return this.states.get(symbol)?.since ?? null;
  }

  /** The pair's bars of [from, to), the latest `limit` of them, ascending, from the database. */
  async klines(
    symbol: string,
    period: Period,
    range: { from: number; to: number; limit: number },
  ): Promise<TradeBar[]> {
    if (!this.states.has(symbol)) fail('SYMBOL_UNKNOWN');
    if (range.from >= range.to) return [];
    const rows = await tradeBarsBetween(this.deps.db, symbol, period, range, this.scales);
    return rows.map(({ symbol: _s, period: _p, ...bar }) => bar);
  }

  private shown(spec: SymbolSpec, bar: TradeBar): TradeBar {
    const { pricePrecision: pp, amountPrecision: ap } = spec;
    return {
      time: bar.time,
      open: fixed(bar.open, pp),
      high: fixed(bar.high, pp),
      low: fixed(bar.low, pp),
      close: fixed(bar.close, pp),
      volume: fixed(bar.volume, ap),
      quoteVolume: fixed(bar.quoteVolume, this.scales(spec.symbol).quote),
      trades: bar.trades,
      takerBuyVolume: fixed(bar.takerBuyVolume, ap),
      takerBuyQuoteVolume: fixed(bar.takerBuyQuoteVolume, this.scales(spec.symbol).quote),
    };
  }
}

const fixed = (value: string, dp: number) => new Decimal(value).toFixed(dp);
