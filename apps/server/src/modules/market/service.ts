import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@hx/db';
import type {
  KlineBar,
  MarketDeal,
  MarketQuote,
  PriceSource,
  QuoteInfo,
  SymbolKind,
} from '@hx/protocol';
import {
  createSimulatedSource,
  PERIODS,
  nextPeriodStart,
  periodStart,
  SYMBOLS,
  type Bar,
  type Period,
  type PeriodBar,
  type SimulatedSource,
  type SymbolSpec,
  type Tick,
} from '@hx/market';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Hub } from '../../ws/hub.ts';
import {
  depthChannel,
  indexKlineChannel,
  indexTickerChannel,
  klineChannel,
  tickerChannel,
  tradesChannel,
} from '../../ws/channels.ts';
import { joinBars } from './backfill.ts';
import { buildInfo, buildQuote, type LastPrice } from './quotes.ts';
import * as store from './store.ts';
import { barKey, dayStart, freshState, restoreStates, type SymbolState } from './symbol-state.ts';
import { TradeSeries } from './trade-series.ts';

const PRICE = /^\d{1,18}(\.\d{1,18})?$/;

/** The order book and trades of a pair: the spot engine plugs in here (`market.book = ...`). */
export interface BookProvider {
  deal(symbol: string): MarketDeal | Promise<MarketDeal>;
}
export const emptyBook: BookProvider = { deal: () => ({ bids: [], asks: [], trades: [] }) };

export interface MarketDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  log: FastifyBaseLogger;
  seed: number;
  /** Symbols served (default: the whole catalogue). */
  symbols?: readonly SymbolSpec[];
}

/**
 * Which series a spot symbol's chart is asked from (its trades, or the index), and whether the
 * walk stands in, marked, before its first trade (demo).
 */
export interface ChartOptions {
  source?: PriceSource;
  seedFromIndex?: boolean;
}

/**
 * Market data in the server: ticks in (from a source or by hand), recorded with the klines they
 * build, queried (last price, price at a time, quotes, bars) and published on the socket.
 *
 * `ingest` is synchronous and in memory; `flush` writes what was ingested in one transaction
 * (ticks and the bars they touched) and then publishes, so anything a client sees is recorded.
 */
export class MarketService {
  readonly specs: readonly SymbolSpec[];
  /** The spot engine's book; empty until spot trading lands. */
  book: BookProvider = emptyBook;
  /** Spot pairs' prices made by their own trades (what their quotes and charts show). */
  readonly trades: TradeSeries;
  protected states = new Map<string, SymbolState>();
  private pending: Tick[] = [];
  private dirty = new Map<string, store.PeriodRow>();
  private changed = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private listeners = new Set<(ticks: readonly Tick[]) => void>();
  /** The newest tick this process recorded per symbol (the one market source writes them all). */
  private readonly recorded = new Map<string, LastPrice>();
  protected sim: SimulatedSource | undefined;

  constructor(protected readonly deps: MarketDeps) {
    this.specs = deps.symbols ?? SYMBOLS;
    this.trades = new TradeSeries(deps, this.specs);
    this.reset();
  }

  protected now(): number {
    return this.deps.clock.now().getTime();
  }

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  spec(symbol: string): SymbolSpec {
    return this.states.get(symbol)?.spec ?? fail('SYMBOL_UNKNOWN');
  }

  protected readonly precision = (symbol: string): [number, number] => {
    const spec = this.states.get(symbol)?.spec;
    return spec ? [spec.pricePrecision, spec.amountPrecision] : [18, 18];
  };

  private reset(): void {
    this.states = new Map(this.specs.map((spec) => [spec.symbol, freshState(spec)]));
  }

  /** Restores the last prices, the open bars and the 24-hour window from the database. */
  async init(): Promise<void> {
    const now = this.now();
    const symbols = this.specs.map((s) => s.symbol);
    this.reset();
    await restoreStates(this.deps.db, symbols, this.states, now, this.precision);
    await this.trades.init();
  }

  /**
   * The last recorded price: the index (the PriceBook of the wallet, the price of a new option,
   * contracts' mark). A spot pair's own last trade is `trades.lastTrade`.
   */
  last(symbol: string): LastPrice | null {
    return this.states.get(symbol)?.last ?? null;
  }

  /** The last recorded price at or before `t`, what settlement uses; null before the first. */
  async priceAt(symbol: string, t: number): Promise<LastPrice | null> {
    const state = this.states.get(symbol);
    if (!state) return null;
    await this.flush(); // everything ingested so far is on record first
    // The newest tick this process recorded answers without a query when it is not after `t`
    // (nothing recorded later than it exists here); otherwise the database does.
    const newest = this.recorded.get(symbol);
    const tick = newest && newest.time <= t ? newest : await store.tickAt(this.deps.db, symbol, t);
    return (
      tick && { price: store.atPrecision(tick.price, state.spec.pricePrecision), time: tick.time }
    );
  }

  /** Called with each batch of ticks once it is recorded (stops, liquidations, settlement). */
  onRecorded(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes ticks in time order: remembered, aggregated into bars, recorded by the next flush. */
  ingest(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      const state = this.states.get(tick.symbol);
      if (!state || !PRICE.test(tick.price) || !PRICE.test(tick.volume)) continue;
      if (!Number.isSafeInteger(tick.time) || !/[1-9]/.test(tick.price)) continue;
      this.pending.push(tick);
      if (!state.last || tick.time >= state.last.time) {
        state.last = { price: tick.price, time: tick.time };
      }
      if (tick.time < state.sealed) continue; // on record, but its bar is closed
      const update = state.agg.push(tick);
      if (update.late) continue; // on record, but too old for the open bars
      for (const closed of update.closed) {
        this.mark(tick.symbol, closed);
        state.closed.push(closed);
        if (closed.period === '1min') state.day.push(closed.bar);
      }
      for (const current of update.current) this.mark(tick.symbol, current);
      this.changed.add(tick.symbol);
    }
  }

  private mark(symbol: string, { period, bar }: PeriodBar): void {
    this.dirty.set(barKey(symbol, period, bar.time), { symbol, period, ...bar });
  }

  /** Writes what was ingested (one transaction), then publishes the symbols that moved. */
  flush(): Promise<void> {
    return this.betweenWrites(() => this.write());
  }

  /** Runs `task` after the writes queued so far and before the next one. */
  private betweenWrites<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writing.then(task);
    this.writing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * First start: a symbol's back-filled bars that were still open when the live market started
   * (its hour, day, week, month) become the earlier part of the live bars of the same periods,
   * in memory if still open, else in the database; `also` runs in the same transaction. It runs
   * between writes, so no write can store a live bar without its earlier part.
   */
  joinHistory(
    symbol: string,
    open: readonly PeriodBar[],
    also: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const state = this.states.get(symbol);
    if (!state) return Promise.resolve();
    return this.betweenWrites(async () => {
      const now = this.now();
      const replace: store.PeriodRow[] = [];
      const join: store.PeriodRow[] = [];
      for (const { period, bar } of open) {
        const key = barKey(symbol, period, bar.time);
        const current = state.agg.current(period);
        const unwritten = this.dirty.get(key);
        const later = current?.time === bar.time ? current : unwritten;
        if (later) {
          const joined = joinBars(bar, later, state.spec);
          if (current?.time === bar.time) state.agg.resume(period, joined);
          replace.push({ symbol, period, ...joined });
          this.dirty.set(key, { symbol, period, ...joined });
          state.closed = state.closed.map((c) =>
            c.period === period && c.bar.time === bar.time ? { period, bar: joined } : c,
          );
        } else {
          // Closed and written, or not started: the database joins it (or just stores it).
          if (!current && periodStart(period, now) === bar.time) state.agg.resume(period, bar);
          join.push({ symbol, period, ...bar });
        }
      }
      const { db } = this.deps;
      await db.transaction(async (tx) => {
        await store.upsertBars(tx, replace);
        await store.joinEarlierBars(tx, join);
        await also(tx);
      });
      // The last 24 hours of the quote now include the back-filled minutes.
      const to = periodStart('1min', now);
      const minutes = await store.minuteBars(db, [symbol], dayStart(now), to, this.precision);
      state.day.prepend(minutes);
      this.changed.add(symbol);
    });
  }

  private async write(): Promise<void> {
    const ticks = this.pending;
    const bars = [...this.dirty.values()];
    const changed = this.changed;
    this.pending = [];
    this.dirty = new Map();
    this.changed = new Set();
    if (ticks.length > 0 || bars.length > 0) {
      try {
        await this.deps.db.transaction(async (tx) => {
          await store.insertTicks(tx, ticks);
          await store.upsertBars(tx, bars);
        });
      } catch (err) {
        // Keep them for the next flush; newer versions of the same bars win.
        this.pending = [...ticks, ...this.pending];
        for (const b of bars) {
          const key = barKey(b.symbol, b.period, b.time);
          if (!this.dirty.has(key)) this.dirty.set(key, b);
        }
        for (const s of changed) this.changed.add(s);
        throw err;
      }
      this.heard(ticks);
    }
    this.publish(changed);
  }

  /** Ticks now on record: remembered as such, then told to the listeners. */
  private heard(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      const newest = this.recorded.get(tick.symbol);
      if (!newest || tick.time >= newest.time)
        this.recorded.set(tick.symbol, { price: tick.price, time: tick.time });
    }
    for (const listener of this.listeners) {
      try {
        listener(ticks);
      } catch (err) {
        this.deps.log.error({ err }, 'a listener of recorded ticks failed');
      }
    }
  }

  /**
   * Several processes: ticks another process (the market's leader) recorded and published. They
   * move this process's prices and bars; nothing is written or published again here.
   */
  follow(ticks: readonly Tick[]): void {
    const { pending, dirty, changed } = this;
    this.pending = [];
    this.dirty = new Map();
    this.changed = new Set();
    this.ingest(ticks);
    [this.pending, this.dirty, this.changed] = [pending, dirty, changed];
    for (const tick of ticks) {
      const state = this.states.get(tick.symbol);
      if (state) state.closed = []; // published by the leader
    }
    this.heard(ticks);
  }

  /** Closes bars whose period ended without a tick (quiet symbols) so quotes move on. */
  closeUpTo(nowMs: number): void {
    for (const state of this.states.values()) {
      for (const closed of state.agg.closeUpTo(nowMs)) {
        state.sealed = Math.max(state.sealed, nextPeriodStart(closed.period, closed.bar.time));
        if (closed.period === '1min') state.day.push(closed.bar);
      }
    }
  }

  private publish(symbols: ReadonlySet<string>): void {
    const { hub } = this.deps;
    for (const symbol of symbols) {
      const state = this.states.get(symbol);
      if (!state) continue;
      // A spot pair's own channels carry its trades (TradeSeries); its index has channels apart.
      const spot = this.trades.has(symbol);
      const tickerCh = spot ? indexTickerChannel(symbol) : tickerChannel(symbol);
      const barCh = spot ? indexKlineChannel : klineChannel;
      if (hub.has(tickerCh)) hub.publish(tickerCh, this.quote(symbol));
      for (const { period, bar } of state.closed) {
        const ch = barCh(symbol, period);
        if (hub.has(ch)) hub.publish(ch, bar);
      }
      state.closed = [];
      for (const period of PERIODS) {
        const ch = barCh(symbol, period);
        const bar = hub.has(ch) ? state.agg.current(period) : undefined;
        if (bar) hub.publish(ch, bar);
      }
    }
  }

  /** Every quote on the `tickers` channel (the live loop calls this about once a second). */
  publishTickers(): void {
    if (!this.deps.hub.has('tickers')) return;
    this.deps.hub.publish('tickers', { time: this.now(), list: this.quotes('all') });
  }

  /** Hooks for the spot engine: the book and trades of a pair, to their channels. */
  publishDepth(symbol: string, depth: Pick<MarketDeal, 'bids' | 'asks'>): void {
    this.deps.hub.publish(depthChannel(symbol), depth);
  }

  publishTrades(symbol: string, trades: MarketDeal['trades']): void {
    this.deps.hub.publish(tradesChannel(symbol), trades);
  }

  /** The index's quote: its last recorded price and 24 hours (alerts, the index's channels). */
  quote(symbol: string): MarketQuote {
    const state = this.states.get(symbol) ?? fail('SYMBOL_UNKNOWN');
    const stats = state.day.stats(this.now(), state.agg.current('1min'));
    return buildQuote(state.spec, state.last, stats);
  }

  /** The quote a symbol is listed with: a spot pair's own trades, else the index. */
  listed(symbol: string, source: PriceSource = 'trades'): MarketQuote {
    return source === 'trades' && this.trades.has(symbol)
      ? this.trades.quote(symbol)
      : this.quote(symbol);
  }

  /** The listed quotes (quotation_new, the `tickers` channel). */
  quotes(kind: SymbolKind | 'all' | 'quoted'): MarketQuote[] {
    return this.specs
      .filter((s) => kind === 'all' || s.kind === kind || (kind === 'quoted' && s.kind !== 'spot'))
      .map((s) => this.listed(s.symbol));
  }

  info(symbol: string, source: PriceSource = 'trades'): QuoteInfo {
    return buildInfo(this.spec(symbol), this.listed(symbol, source));
  }

  /**
   * A symbol's chart: a spot pair's bars made by its trades (in a demo, the walk's bars before
   * its first trade, marked `simulated`), else the index's; [from, to), the latest `limit`.
   */
  async chart(
    symbol: string,
    period: Period,
    range: { from: number; to: number; limit: number },
    options: ChartOptions = {},
  ): Promise<KlineBar[]> {
    const { from, to, limit } = range;
    if (options.source === 'index' || !this.trades.has(symbol))
      return this.klines(symbol, period, from, to, limit);
    const own = (await this.trades.klines(symbol, period, range)).map(
      ({ quoteVolume: _q, trades: _t, takerBuyVolume: _v, takerBuyQuoteVolume: _bq, ...bar }) =>
        bar,
    );
    if (!options.seedFromIndex || own.length >= limit) return own;
    const since = this.trades.since(symbol);
    const boundary = since === null ? to : Math.min(to, periodStart(period, since));
    if (from >= boundary) return own;
    const walk = await this.klines(symbol, period, from, boundary, limit - own.length);
    return [...walk.map((bar) => ({ ...bar, simulated: true })), ...own];
  }

  /** Bars of [from, to), the latest `limit` of them, ascending; the open bar as it is now. */
  async klines(
    symbol: string,
    period: Period,
    from: number,
    to: number,
    limit: number,
  ): Promise<Bar[]> {
    const state = this.states.get(symbol) ?? fail('SYMBOL_UNKNOWN');
    if (from >= to) return [];
    const rows = await store.barsBetween(
      this.deps.db,
      symbol,
      period,
      from,
      to,
      limit,
      this.precision,
    );
    const bars: Bar[] = rows.map(({ symbol: _s, period: _p, ...bar }) => bar);
    const open = state.agg.current(period);
    if (open && open.time >= from && open.time < to) {
      const last = bars[bars.length - 1];
      if (last && last.time === open.time) bars[bars.length - 1] = open;
      else if (!last || open.time > last.time) {
        bars.push(open);
        if (bars.length > limit) bars.shift();
      }
    }
    return bars;
  }

  /** The time-share line: the close of every minute of the last 24 hours. */
  async timeShare(
    symbol: string,
    options: ChartOptions = {},
  ): Promise<{ time: number; price: string }[]> {
    const now = this.now();
    const range = { from: dayStart(now), to: now + 1, limit: 1441 };
    const bars = await this.chart(symbol, '1min', range, options);
    return bars.map((b) => ({ time: b.time, price: b.close }));
  }

  /** The simulated walk, continuing from each symbol's last recorded price. */
  protected simulated(): SimulatedSource {
    this.sim ??= createSimulatedSource({
      seed: this.deps.seed,
      clock: () => this.now(),
      symbols: this.specs.map((spec) => {
        const last = this.states.get(spec.symbol)?.last;
        return last ? { ...spec, startPrice: last.price } : spec;
      }),
    });
    return this.sim;
  }

  /** One step of the simulated market at the clock's time, recorded and published (tests). */
  async step(): Promise<Tick[]> {
    const ticks = this.simulated().step(this.now());
    this.ingest(ticks);
    await this.flush();
    this.publishTickers();
    return ticks;
  }
}
