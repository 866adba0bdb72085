import { setImmediate } from 'node:timers/promises';
import type { Db } from '@hx/db';
import { Decimal } from '@hx/money';
import {
  PERIODS,
  periodStart,
  type Bar,
  type Period,
  type Precision,
  type SimulatedSource,
  type SymbolSpec,
} from '@hx/market';
import { generateHistory } from './generate.ts';
import { insertChunk, upsertBars, type PeriodRow } from './store.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** How many days of history each chart period gets on first start (about 28,000 bars a symbol). */
export const BACKFILL_DAYS: Record<Period, number> = {
  '1min': 7,
  '5min': 30,
  '30min': 90,
  '60min': 180,
  '1day': 365,
  '1week': 365,
  '1mon': 365,
};

/** Where each period's history starts: whole periods, days counted from today 00:00 UTC. */
export function backfillSince(
  nowMs: number,
  days: Partial<Record<Period, number>> = {},
): Record<Period, number> {
  const depth = { ...BACKFILL_DAYS, ...days };
  const today = periodStart('1day', nowMs);
  return Object.fromEntries(
    PERIODS.map((p) => [p, periodStart(p, Math.min(nowMs, today - depth[p] * DAY_MS))]),
  ) as Record<Period, number>;
}

const rowsOf = (symbol: string, bars: Partial<Record<Period, Bar[]>>): PeriodRow[] =>
  PERIODS.flatMap((period) => (bars[period] ?? []).map((b) => ({ symbol, period, ...b })));

/**
 * First start: history for every symbol and period, generated as 1-minute OHLCV by the
 * simulated walk (in a worker thread) and stored in bulk inserts while the next symbol is being
 * generated. The walk ends at each symbol's catalogue price, where the live ticks take over.
 */
export async function backfillHistory(
  db: Db,
  seed: number,
  specs: readonly SymbolSpec[],
  nowMs: number,
  days?: Partial<Record<Period, number>>,
): Promise<number> {
  const since = backfillSince(nowMs, days);
  const symbols = specs.map((s) => s.symbol);
  let rows = 0;
  for await (const chunks of generateHistory({ seed, symbols, since, nowMs })) {
    for (const chunk of chunks) {
      await insertChunk(db, chunk);
      rows += chunk.rows;
      // PGlite runs in this thread and answers without I/O: let requests in between.
      await setImmediate();
    }
  }
  return rows;
}

/** Joins a stored bar with generated bars whose first one covers the rest of the same period. */
export function mergeFirst(stored: Bar | undefined, generated: Bar[], p: Precision): Bar[] {
  const [first, ...rest] = generated;
  if (!stored || !first || first.time !== stored.time) return generated;
  const merged: Bar = {
    time: stored.time,
    open: stored.open,
    high: Decimal.max(stored.high, first.high).toFixed(p.pricePrecision),
    low: Decimal.min(stored.low, first.low).toFixed(p.pricePrecision),
    close: first.close,
    volume: new Decimal(stored.volume).plus(first.volume).toFixed(p.amountPrecision),
  };
  return [merged, ...rest];
}

export interface GapStart {
  /** First whole minute without history. */
  from: number;
  /** The last known price, where the generated minutes start. */
  price: string;
}

/**
 * After a pause (the server was down), the simulated market's history continues from the last
 * stored price: minutes from the first missing one up to now (no deeper than the first-start
 * depth), merged into the stored open bar of each period. No ticks are invented: the lookup of
 * a price at a time inside the pause still answers the last tick before it.
 */
export async function fillGap(
  db: Db,
  source: SimulatedSource,
  spec: SymbolSpec,
  gap: GapStart,
  latest: ReadonlyMap<Period, Bar>,
  nowMs: number,
  days?: Partial<Record<Period, number>>,
): Promise<number> {
  const depth = backfillSince(nowMs, days);
  const from = Math.ceil(gap.from / MINUTE_MS) * MINUTE_MS;
  if (Math.floor(nowMs / MINUTE_MS) * MINUTE_MS <= from) return 0;
  const since = Object.fromEntries(PERIODS.map((p) => [p, Math.max(from, depth[p])])) as Record<
    Period,
    number
  >;
  const bars = source.backfillPeriods(spec.symbol, since, nowMs, { startPrice: gap.price });
  const merged = Object.fromEntries(
    PERIODS.map((p) => [p, mergeFirst(latest.get(p), bars[p] ?? [], spec)]),
  );
  const rows = rowsOf(spec.symbol, merged);
  await upsertBars(db, rows);
  return rows.length;
}
