import type { Db } from '@hx/db';
import {
  KlineAggregator,
  PERIODS,
  periodStart,
  type Bar,
  type Period,
  type PeriodBar,
  type SymbolSpec,
} from '@hx/market';
import { DayWindow } from './day-window.ts';
import type { LastPrice } from './quotes.ts';
import * as store from './store.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What the market service keeps in memory for one symbol. */
export interface SymbolState {
  spec: SymbolSpec;
  agg: KlineAggregator;
  day: DayWindow;
  last: LastPrice | null;
  /** Bars closed since the last publish: their final state goes out before the new bar. */
  closed: PeriodBar[];
  /** Bars closed on time (closeUpTo) end here: an older tick is recorded, not aggregated. */
  sealed: number;
}

export const barKey = (symbol: string, period: Period, time: number) =>
  `${symbol}|${period}|${time}`;

/** A symbol before anything is restored or ingested. */
export const freshState = (spec: SymbolSpec): SymbolState => ({
  spec,
  agg: new KlineAggregator(spec),
  day: new DayWindow(spec),
  last: null,
  closed: [],
  sealed: 0,
});

/** The first minute of the 24 hours before `now`: where a quote's day starts. */
export const dayStart = (now: number) => Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS;

/** Restores the last prices, the open bars and the 24-hour window from the database. */
export async function restoreStates(
  db: Db,
  symbols: readonly string[],
  states: ReadonlyMap<string, SymbolState>,
  now: number,
  precision: (symbol: string) => [number, number],
): Promise<void> {
  for (const t of await store.lastTicks(db, symbols)) {
    const state = states.get(t.symbol);
    if (state)
      state.last = { price: store.atPrecision(t.price, state.spec.pricePrecision), time: t.time };
  }
  for (const period of PERIODS) {
    for (const bar of await store.barsAt(
      db,
      symbols,
      period,
      periodStart(period, now),
      precision,
    )) {
      states.get(bar.symbol)?.agg.resume(period, bar);
    }
  }
  const minute = periodStart('1min', now);
  const bySymbol = new Map<string, Bar[]>();
  for (const bar of await store.minuteBars(db, symbols, dayStart(now), minute, precision)) {
    const list = bySymbol.get(bar.symbol) ?? [];
    list.push(bar);
    bySymbol.set(bar.symbol, list);
  }
  for (const [symbol, bars] of bySymbol) states.get(symbol)?.day.reset(bars);
}
