import { createBinanceSource, PERIODS, type Bar, type MarketSource, type Period } from '@hx/market';
import { backfillHistory, fillGap } from './backfill.ts';
import { MarketService, type MarketDeps } from './service.ts';
import * as store from './store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const CLOSE_GRACE_MS = 10_000;
/** `meta` key recording that first-start history was generated (it never runs twice). */
export const BACKFILL_KEY = 'market.backfill';

export interface LiveOptions {
  source: 'simulated' | 'binance';
  binanceUrl: string;
  /** Raw ticks older than this are deleted (hourly). */
  retentionDays: number;
  /** History depth per period on first start, in days (default BACKFILL_DAYS). */
  backfillDays?: Partial<Record<Period, number>>;
  /** How often ingested ticks are written and published. */
  pumpMs?: number;
  /** How often the `tickers` channel gets every quote. */
  tickersMs?: number;
}

export interface StartReport {
  /** First start: bars generated and stored, and how long it took. */
  backfill?: { rows: number; ms: number };
  /** Later starts of the simulated market: bars generated for the time it was stopped. */
  gap?: { rows: number; ms: number };
}

/**
 * The market as the server process runs it: `start()` prepares history (first start: back-fill;
 * later: the pause), restores state, starts the source and the loops (write + publish, tickers,
 * tick retention); `stop()` ends them and writes what is pending. Tests skip `start()` and drive
 * ticks with `step()` or `ingest()`.
 */
export class Market extends MarketService {
  private source: MarketSource | undefined;
  private timers: ReturnType<typeof setInterval>[] = [];
  private running = false;

  constructor(
    deps: MarketDeps,
    private readonly live: LiveOptions,
  ) {
    super(deps);
  }

  async start(): Promise<StartReport> {
    if (this.running) return {};
    this.running = true;
    const { log } = this.deps;
    const report = this.live.source === 'simulated' ? await this.prepareSimulated() : {};
    await this.init();
    if (!this.running) return report; // stopped while preparing
    const source =
      this.live.source === 'simulated'
        ? this.simulated()
        : createBinanceSource({
            url: this.live.binanceUrl,
            symbols: this.specs.filter((s) => s.kind === 'spot').map((s) => s.symbol),
          });
    this.source = source;
    source.start((tick) => this.ingest([tick]), {
      onStatus: (status) => log.info({ source: source.name, ...status }, 'market source'),
      onError: (err) => log.warn({ err, source: source.name }, 'market source error'),
    });
    this.every(this.live.pumpMs ?? 250, () => {
      // Bars close on time only after a grace period: a source's clock may lag ours a little,
      // and a tick for a bar already closed would start it afresh.
      this.closeUpTo(this.now() - CLOSE_GRACE_MS);
      this.flush().catch((err: unknown) => log.error({ err }, 'recording ticks failed'));
    });
    this.every(this.live.tickersMs ?? 1000, () => this.publishTickers());
    const prune = () =>
      this.prune().catch((err: unknown) => log.error({ err }, 'tick retention failed'));
    void prune();
    this.every(HOUR_MS, prune);
    return report;
  }

  private every(ms: number, task: () => unknown): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Deletes raw ticks older than the retention period. */
  async prune(): Promise<number> {
    const before = this.now() - this.live.retentionDays * DAY_MS;
    return store.pruneTicks(
      this.deps.db,
      this.specs.map((s) => s.symbol),
      before,
    );
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.source?.stop();
    this.source = undefined;
    this.running = false;
    await this.flush();
  }

  /** First start: back-fill every period. Later: continue the walk across the pause. */
  private async prepareSimulated(): Promise<StartReport> {
    const { db, log } = this.deps;
    const now = this.now();
    const symbols = this.specs.map((s) => s.symbol);
    const latest = await store.latestBars(db, symbols, PERIODS, this.precision);
    const started = performance.now();
    if (latest.length === 0 && (await store.readMeta(db, BACKFILL_KEY)) === null) {
      const rows = await backfillHistory(
        db,
        this.deps.seed,
        this.specs,
        now,
        this.live.backfillDays,
      );
      const ms = Math.round(performance.now() - started);
      await store.writeMeta(db, BACKFILL_KEY, JSON.stringify({ at: now, rows, ms }), now);
      log.info({ rows, ms }, 'market history back-filled');
      return { backfill: { rows, ms } };
    }
    await this.init(); // the last prices: the walk continues from them
    const sim = this.simulated();
    let rows = 0;
    for (const spec of this.specs) {
      const bars = new Map<Period, Bar>();
      for (const b of latest) if (b.symbol === spec.symbol) bars.set(b.period, b);
      const minute = bars.get('1min');
      const tick = this.last(spec.symbol);
      const gap =
        minute && (!tick || minute.time + MINUTE_MS > tick.time)
          ? { from: minute.time + MINUTE_MS, price: minute.close }
          : tick && { from: tick.time, price: tick.price };
      if (gap) rows += await fillGap(db, sim, spec, gap, bars, now, this.live.backfillDays);
    }
    if ((await store.readMeta(db, BACKFILL_KEY)) === null) {
      await store.writeMeta(db, BACKFILL_KEY, JSON.stringify({ at: now, rows: 0 }), now);
    }
    const ms = Math.round(performance.now() - started);
    if (rows > 0) log.info({ rows, ms }, 'market history continued across the pause');
    return { gap: { rows, ms } };
  }
}
