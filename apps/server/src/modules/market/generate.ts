import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { createSimulatedSource, PERIODS, type Bar, type Period } from '@hx/market';

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

/** The generator itself, symbol by symbol (in a worker, or here as the fallback). */
export function* generate(request: HistoryRequest): Generator<HistoryChunk[]> {
  const source = createSimulatedSource({ seed: request.seed });
  for (const symbol of request.symbols) {
    yield chunksOf(symbol, source.backfillPeriods(symbol, request.since, request.nowMs));
  }
}

/**
 * The history of every requested symbol, generated in a worker thread so the generation (about
 * half the work) runs beside the inserts and the event loop stays free for requests. Where a
 * worker cannot load this TypeScript (e.g. under a test runner) it runs here instead, yielding
 * to the event loop between symbols.
 */
export async function* generateHistory(request: HistoryRequest): AsyncGenerator<HistoryChunk[]> {
  const queue: HistoryChunk[][] = [];
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
    worker.on('message', (c: HistoryChunk[]) => {
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
  for (const chunks of generate(request)) {
    yield chunks;
    await setImmediate();
  }
}
