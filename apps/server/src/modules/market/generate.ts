import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import {
  createSimulatedSource,
  nextPeriodStart,
  PERIODS,
  type Bar,
  type Period,
  type PeriodBar,
} from '@hx/market';

/**
 * Up to CHUNK bars of one symbol as PostgreSQL array literals, one per column (`{1min,5min}`,
 * `{64213.52,...}`): one string each is cheap to pass from the worker and goes to the database
 * as it is (`unnest($1::numeric[], ...)`).
 */
export interface HistoryChunk {
  symbol: string;
  rows: number;
  period: string;
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const MINUTE_MS = 60_000;

/**
 * One symbol's history: the bars that closed before the live market started, as chunks, and the
 * bars still open then (the hour, day, week, month it started in), which join the live ones.
 */
export interface SymbolHistory {
  symbol: string;
  chunks: HistoryChunk[];
  open: PeriodBar[];
}

/** Bars per chunk (one insert statement; PGlite holds the event loop that long). */
export const CHUNK = 2_500;

export interface HistoryRequest {
  seed: number;
  symbols: string[];
  since: Partial<Record<Period, number>>;
  nowMs: number;
}

const literal = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

export function chunksOf(symbol: string, bars: Partial<Record<Period, Bar[]>>): HistoryChunk[] {
  const all = PERIODS.flatMap((period) => (bars[period] ?? []).map((bar) => ({ period, bar })));
  const chunks: HistoryChunk[] = [];
  for (let i = 0; i < all.length; i += CHUNK) {
    const part = all.slice(i, i + CHUNK);
    const column = (f: (b: Bar) => string | number) => literal(part.map(({ bar }) => f(bar)));
    chunks.push({
      symbol,
      rows: part.length,
      period: literal(part.map((p) => p.period)),
      time: column((b) => b.time),
      open: column((b) => b.open),
      high: column((b) => b.high),
      low: column((b) => b.low),
      close: column((b) => b.close),
      volume: column((b) => b.volume),
    });
  }
  return chunks;
}

/** Splits off the last bar of each period when it was still open at `endMs`. */
export function splitOpen(
  bars: Partial<Record<Period, Bar[]>>,
  endMs: number,
): { closed: Partial<Record<Period, Bar[]>>; open: PeriodBar[] } {
  const closed: Partial<Record<Period, Bar[]>> = {};
  const open: PeriodBar[] = [];
  for (const period of PERIODS) {
    const list = bars[period] ?? [];
    const last = list[list.length - 1];
    if (last && nextPeriodStart(period, last.time) > endMs) {
      open.push({ period, bar: last });
      closed[period] = list.slice(0, -1);
    } else closed[period] = list;
  }
  return { closed, open };
}

/** The generator itself, symbol by symbol (in a worker, or here as the fallback). */
export function* generate(request: HistoryRequest): Generator<SymbolHistory> {
  const source = createSimulatedSource({ seed: request.seed });
  const endMs = Math.floor(request.nowMs / MINUTE_MS) * MINUTE_MS;
  for (const symbol of request.symbols) {
    const bars = source.backfillPeriods(symbol, request.since, request.nowMs);
    const { closed, open } = splitOpen(bars, endMs);
    yield { symbol, chunks: chunksOf(symbol, closed), open };
  }
}

/**
 * The history of every requested symbol, generated in a worker thread so the generation (about
 * half the work) runs beside the inserts and the event loop stays free for requests. Where a
 * worker cannot load this TypeScript (e.g. under a test runner) it runs here instead, yielding
 * to the event loop between symbols.
 */
export async function* generateHistory(request: HistoryRequest): AsyncGenerator<SymbolHistory> {
  const queue: SymbolHistory[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  let finished = false;
  let worker: Worker | undefined;
  try {
    worker = new Worker(new URL('./history-worker.mjs', import.meta.url), { workerData: request });
  } catch {
    worker = undefined;
  }
  if (worker) {
    worker.on('message', (c: SymbolHistory) => {
      queue.push(c);
      wake?.();
    });
    worker.on('error', (err) => {
      failure = err;
      wake?.();
    });
    worker.on('exit', () => {
      finished = true;
      wake?.();
    });
    let delivered = 0;
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          delivered++;
          yield next;
          continue;
        }
        if (failure && delivered === 0) break; // could not start: generate here
        if (failure) throw failure;
        if (finished) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      void worker.terminate();
    }
  }
  for (const history of generate(request)) {
    yield history;
    await setImmediate();
  }
}
