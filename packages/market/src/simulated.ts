import { Activity } from './activity.ts';
import { formatUnits } from './decimal.ts';
import { hashKey, mulberry32, normal } from './random.ts';
import { SYMBOLS } from './symbols.ts';
import type { Bar, MarketSource, Period, SourceEvents, SymbolSpec, Tick } from './types.ts';
import { generateHistory, priceUnitsOf, volumeUnits, walkModel } from './walk.ts';
import type { Anchor, WalkModel } from './walk.ts';

export interface SimulatedSourceOptions {
  seed: number;
  /** Defaults to the whole catalogue. */
  symbols?: readonly SymbolSpec[];
  /** Defaults to Date.now. */
  clock?: () => number;
  /** Time between steps of start(); defaults to 1000 (one tick a second per symbol). */
  intervalMs?: number;
}

export interface BackfillOptions {
  /** Close of the last minute; defaults to the symbol's startPrice. */
  endPrice?: string;
  /** Pin the open of the first minute instead, e.g. to resume after stored history. */
  startPrice?: string;
}

export interface SimulatedSource extends MarketSource {
  readonly name: 'simulated';
  /**
   * History of the whole minutes inside [fromMs, toMs) as `period` bars (default '1min'; the
   * first and last bar are partial when the range is not aligned to the period). Generated as
   * 1-minute OHLCV directly; the live walk then continues from the last close (unless it has
   * already stepped past toMs).
   */
  backfill(
    symbol: string,
    fromMs: number,
    toMs: number,
    opts?: BackfillOptions & { period?: Period },
  ): Bar[];
  /**
   * Several periods in one pass, each from its own start (e.g. minutes for two days, days for a
   * year), up to `toMs`. With the end pinned (the default) these are the same bars as separate
   * backfill() calls with the same toMs; startPrice pins the open of the earliest minute.
   */
  backfillPeriods(
    symbol: string,
    since: Partial<Record<Period, number>>,
    toMs: number,
    opts?: BackfillOptions,
  ): Partial<Record<Period, Bar[]>>;
  /** One deterministic step: a tick per symbol at `nowMs`. start() calls it every intervalMs. */
  step(nowMs: number): Tick[];
  /** The walk's current price of a symbol. */
  price(symbol: string): string;
}

interface WalkState {
  model: WalkModel;
  activity: Activity;
  logPrice: number;
  /** Time of the last step or back-filled minute; null before either. */
  time: number | null;
}

/** A decimal price string as the walk's float, refusing anything but a positive decimal. */
function modelPrice(price: string): number {
  if (!/^\d+(\.\d+)?$/.test(price) || !(Number(price) > 0)) {
    throw new RangeError(`not a positive decimal price: ${price}`);
  }
  return Number(price);
}

export function createSimulatedSource(opts: SimulatedSourceOptions): SimulatedSource {
  const { seed, clock = Date.now, intervalMs = 1000 } = opts;
  const specs = [...(opts.symbols ?? SYMBOLS)];
  const states = new Map<string, WalkState>();
  for (const spec of specs) {
    states.set(spec.symbol, {
      model: walkModel(spec),
      activity: new Activity(seed, spec.symbol),
      logPrice: Math.log(Number(spec.startPrice)),
      time: null,
    });
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  let onStatus: SourceEvents['onStatus'];

  const stateOf = (symbol: string): WalkState => {
    const state = states.get(symbol);
    if (!state) throw new Error(`unknown symbol ${symbol}`);
    return state;
  };

  const step = (nowMs: number): Tick[] =>
    [...states.values()].map((s) => {
      const { model } = s;
      const dt = s.time === null ? intervalMs : Math.max(0, nowMs - s.time);
      const rand = mulberry32(hashKey(seed, model.spec.symbol, 'tick', nowMs));
      const z = normal(rand);
      // As in the history: the hour's activity scales volume, and volatility by its root.
      const activity = s.activity.at(nowMs);
      s.logPrice += model.sigmaPerSqrtMs * Math.sqrt(dt * activity) * z;
      s.time = nowMs;
      const volume = volumeUnits((model.minuteVolumeUnits * activity * dt) / 60_000, rand(), z);
      return {
        symbol: model.spec.symbol,
        time: nowMs,
        price: formatUnits(priceUnitsOf(model, Math.exp(s.logPrice)), model.spec.pricePrecision),
        volume: formatUnits(volume, model.spec.amountPrecision),
      };
    });

  const backfillPeriods: SimulatedSource['backfillPeriods'] = (symbol, since, toMs, opts = {}) => {
    const state = stateOf(symbol);
    const anchor: Anchor =
      opts.startPrice !== undefined
        ? { at: 'start', price: modelPrice(opts.startPrice) }
        : { at: 'end', price: modelPrice(opts.endPrice ?? state.model.spec.startPrice) };
    const history = generateHistory(state.model, seed, since, toMs, anchor);
    if (history.minutes > 0 && (state.time === null || history.endMs >= state.time)) {
      state.logPrice = Math.log(history.lastClose);
      state.time = history.endMs;
    }
    return history.bars;
  };

  return {
    name: 'simulated',
    symbols: () => [...specs],
    step,
    price(symbol) {
      const { model, logPrice } = stateOf(symbol);
      return formatUnits(priceUnitsOf(model, Math.exp(logPrice)), model.spec.pricePrecision);
    },
    backfill(symbol, fromMs, toMs, opts = {}) {
      const period = opts.period ?? '1min';
      return backfillPeriods(symbol, { [period]: fromMs }, toMs, opts)[period] ?? [];
    },
    backfillPeriods,
    start(onTick, events = {}) {
      if (timer) return;
      onStatus = events.onStatus;
      onStatus?.({ state: 'open' });
      timer = setInterval(() => {
        for (const tick of step(clock())) onTick(tick);
      }, intervalMs);
    },
    async stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      onStatus?.({ state: 'closed', code: 1000, reconnectInMs: null });
    },
  };
}
