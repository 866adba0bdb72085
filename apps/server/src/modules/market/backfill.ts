import { setImmediate } from 'node:timers/promises';
import type { Db } from '@hx/db';
import { Decimal } from '@hx/money';
import {
  PERIODS,
  periodStart,
  type Bar,
  type Period,
  type PeriodBar,
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

export interface BackfillRun {
  seed: number;
  /** The symbols still without history. */
  specs: readonly SymbolSpec[];
  /** When the live market started: history ends at the start of this minute. */
  nowMs: number;
  days?: Partial<Record<Period, number>>;
  /**
   * After a symbol's closed bars are stored: joins the bars that were still open to the live
   * ones and records the symbol as done.
   */
  stored(symbol: string, open: PeriodBar[], rows: number): Promise<void>;
  /** Asked between chunks: true when the server is closing (the rest waits for the next start). */
  stopping(): boolean;
}

/**
 * First start: history for every symbol and period, generated as 1-minute OHLCV by the
 * simulated walk (in a worker thread) and stored in bulk inserts while the next symbol is being
 * generated, beside the live market. The walk is generated backwards from each symbol's
 * catalogue price at the start minute, where the live walk started. The same run generates the
 * same bars, so a run stopped halfway can be run again: stored chunks are skipped.
 */
export async function backfillHistory(db: Db, run: BackfillRun): Promise<number> {
  const since = backfillSince(run.nowMs, run.days);
  const symbols = run.specs.map((s) => s.symbol);
  let rows = 0;
  if (symbols.length === 0) return 0;
  for await (const history of generateHistory({
    seed: run.seed,
    symbols,
    since,
    nowMs: run.nowMs,
  })) {
    let symbolRows = history.open.length;
    for (const chunk of history.chunks) {
      if (run.stopping()) return rows;
      await insertChunk(db, chunk);
      symbolRows += chunk.rows;
      // PGlite runs in this thread and answers without I/O: let requests in between.
      await setImmediate();
    }
    if (run.stopping()) return rows;
    await run.stored(history.symbol, history.open, symbolRows);
    rows += symbolRows;
  }
  return rows;
}

/** One bar from two consecutive parts of its period: `earlier` opens it, `later` closes it. */
export function joinBars(earlier: Bar, later: Bar, p: Precision): Bar {
  return {
    time: earlier.time,
    open: earlier.open,
    high: Decimal.max(earlier.high, later.high).toFixed(p.pricePrecision),
    low: Decimal.min(earlier.low, later.low).toFixed(p.pricePrecision),
    close: later.close,
    volume: new Decimal(earlier.volume).plus(later.volume).toFixed(p.amountPrecision),
  };
}

/** Joins a stored bar with generated bars whose first one covers the rest of the same period. */
export function mergeFirst(stored: Bar | undefined, generated: Bar[], p: Precision): Bar[] {
  const [first, ...rest] = generated;
  if (!stored || !first || first.time !== stored.time) return generated;
  return [joinBars(stored, first, p), ...rest];
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
