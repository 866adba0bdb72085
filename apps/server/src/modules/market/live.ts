import { PERIODS, type Bar, type MarketSource, type Period, type Tick } from '@hx/market';
import type { Bus } from '../../lib/bus.ts';
import type { Ownership } from '../../lib/ownership.ts';
import { backfillHistory, fillGap } from './backfill.ts';
import { MarketService, type MarketDeps } from './service.ts';
import * as store from './store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const CLOSE_GRACE_MS = 10_000;
/** The bus subject of the leader's recorded ticks, and the resource the leader owns. */
const RECORDED = 'hx.market.recorded';
const LEADER = 'market';
/**
 * `meta` key of the first start's history: `{at, pending, rows}` while symbols still wait for it
 * (a start stopped halfway goes on at the next), `{at, rows, ms}` once done (it never runs again).
 */
export const BACKFILL_KEY = 'market.backfill';

interface BackfillPlan {
  /** When the first start's live market started: history ends at the start of this minute. */
  at: number;
  pending: string[];
  rows: number;
}

/** The index over the venues (price-index.ts): it records its prices into this market. */
export interface VenueFeeds {
  start(): void;
  stop(): Promise<void>;
  prune(before: number): Promise<void>;
  /** Several processes: followers take the leader's index (price-index.ts). */
  follow(bus: Bus, leads: () => boolean): void;
}

export interface LiveOptions {
  /** The simulated walk (demo), or the venues' index (`MARKET_SOURCE=binance,okx,...`). */
  source: 'simulated' | VenueFeeds;
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
  /**
   * First start (or one stopped before its history was complete): the back-fill, which runs
   * beside the live market and settles once stored, or once stopped by `stop()`.
   */
  backfill?: Promise<{ rows: number; ms: number }>;
  /** Later starts of the simulated market: bars generated for the time it was stopped. */
  gap?: { rows: number; ms: number };
}

/**
 * The market as the server process runs it: `start()` continues the history across a pause (a
 * later start), restores state, starts the source and the loops (write + publish, tickers, tick
 * retention), and on a first start back-fills history beside them; `stop()` ends them and writes
 * what is pending. Tests skip `start()` and drive ticks with `step()` or `ingest()`.
 */
export class Market extends MarketService {
  private source: MarketSource | undefined;
  private timers: ReturnType<typeof setInterval>[] = [];
  private running = false;
  private backfilling: Promise<unknown> | undefined;

  constructor(
    deps: MarketDeps,
    private readonly live: LiveOptions,
  ) {
    super(deps);
  }

  /** Resolves once the market is live; a first start's history keeps coming in (`backfill`). */
  async start(): Promise<StartReport> {
    if (this.running) return {};
    this.running = true;
    const { log } = this.deps;
    const report: StartReport = {};
    let plan: BackfillPlan | null = null;
    if (this.live.source === 'simulated') {
      plan = await this.backfillPlan();
      const gap = await this.continueAcrossPause();
      if (gap) report.gap = gap;
    }
    await this.init();
    if (!this.running) return report; // stopped while preparing
    if (this.live.source === 'simulated') {
      const sim = this.simulated();
      this.source = sim;
      // The simulated market has prices at once, not a step later.
      this.ingest(sim.step(this.now()));
      sim.start((tick) => this.ingest([tick]), {
        onStatus: (status) => log.info({ source: sim.name, ...status }, 'market source'),
        onError: (err) => log.warn({ err, source: sim.name }, 'market source error'),
      });
    } else this.live.source.start();
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
    if (plan) {
      const backfill = this.backfill(plan);
      this.backfilling = backfill.catch((err: unknown) =>
        log.error({ err }, 'market history back-fill failed'),
      );
      report.backfill = backfill;
    }
    return report;
  }

  /**
   * Several processes: the source runs once, in the process that owns `market` (the leader),
   * which publishes every batch it records; the others follow those ticks (prices, bars, the
   * triggers that listen to recorded ticks) and close quiet bars on time themselves. When the
   * leader dies, another takes over within the ownership's retry time and starts the source
   * as a restart would (the walk continues from the last stored price).
   */
  lead(bus: Bus, ownership: Ownership): void {
    const { log } = this.deps;
    if (this.live.source !== 'simulated')
      this.live.source.follow(bus, () => ownership.owns(LEADER));
    this.onRecorded((ticks) => {
      if (ownership.owns(LEADER)) bus.publish(RECORDED, JSON.stringify(ticks));
    });
    bus.subscribe(RECORDED, (text) => {
      if (!ownership.owns(LEADER)) this.follow(JSON.parse(text) as Tick[]);
    });
    const closing = setInterval(() => {
      if (!ownership.owns(LEADER)) this.closeUpTo(this.now() - CLOSE_GRACE_MS);
    }, this.live.pumpMs ?? 250);
    closing.unref();
    ownership.claim(LEADER, {
      gained: async () => {
        const { backfill } = await this.start();
        backfill?.catch(() => undefined); // logged by the market
        log.info(
          { venues: this.live.source !== 'simulated' },
          'market source running here (leader)',
        );
      },
      lost: () =>
        this.stop().catch((err: unknown) => log.error({ err }, 'stopping the market failed')),
    });
  }

  private every(ms: number, task: () => unknown): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Deletes raw ticks older than the retention period. */
  async prune(): Promise<number> {
    const before = this.now() - this.live.retentionDays * DAY_MS;
    if (this.live.source !== 'simulated') await this.live.source.prune(before);
    return store.pruneTicks(
      this.deps.db,
      this.specs.map((s) => s.symbol),
      before,
    );
  }

  async stop(): Promise<void> {
    this.running = false; // the back-fill stops at its next chunk
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.source?.stop();
    this.source = undefined;
    if (this.live.source !== 'simulated') await this.live.source.stop();
    await this.backfilling;
    this.backfilling = undefined;
    await this.flush();
  }

  /**
   * What history a start back-fills: all of it on a first start (recorded before anything
   * else), the symbols still pending after a start stopped halfway, else nothing.
   */
  private async backfillPlan(): Promise<BackfillPlan | null> {
    const { db } = this.deps;
    const now = this.now();
    const stored = await store.readMeta(db, BACKFILL_KEY);
    if (stored !== null) {
      const plan = JSON.parse(stored) as Partial<BackfillPlan>;
      const served = new Set(this.specs.map((s) => s.symbol));
      return plan.pending?.some((s) => served.has(s)) ? (plan as BackfillPlan) : null;
    }
    const symbols = this.specs.map((s) => s.symbol);
    if ((await store.latestBars(db, symbols, PERIODS, this.precision)).length > 0) {
      // Bars stored before this key existed: they are only continued.
      await store.writeMeta(db, BACKFILL_KEY, JSON.stringify({ at: now, rows: 0 }), now);
      return null;
    }
    const plan: BackfillPlan = { at: now, pending: symbols, rows: 0 };
    await store.writeMeta(db, BACKFILL_KEY, JSON.stringify(plan), now);
    return plan;
  }

  /**
   * The history before the live market's first minute, beside it. The walk is generated backwards
   * from the catalogue price at that minute, where the live walk started, so the two meet. Each
   * symbol's bars still open at that minute join the live ones (`joinHistory`) in the same
   * transaction that records the symbol as done.
   */
  private async backfill(plan: BackfillPlan): Promise<{ rows: number; ms: number }> {
    const { db, log } = this.deps;
    const started = performance.now();
    const pending = new Set(plan.pending);
    let total = plan.rows;
    const rows = await backfillHistory(db, {
      seed: this.deps.seed,
      specs: this.specs.filter((s) => pending.has(s.symbol)),
      nowMs: plan.at,
      days: this.live.backfillDays,
      stopping: () => !this.running,
      stored: (symbol, open, symbolRows) =>
        this.joinHistory(symbol, open, async (tx) => {
          pending.delete(symbol);
          total += symbolRows;
          const ms = Math.round(performance.now() - started);
          const value =
            pending.size > 0
              ? { at: plan.at, pending: [...pending], rows: total }
              : { at: plan.at, rows: total, ms };
          await store.writeMeta(tx, BACKFILL_KEY, JSON.stringify(value), this.now());
        }),
    });
    const ms = Math.round(performance.now() - started);
    if (pending.size === 0) log.info({ rows, ms }, 'market history back-filled');
    else log.info({ rows, ms, pending: pending.size }, 'market history back-fill paused');
    return { rows, ms };
  }

  /** Later starts: the simulated walk continues across the pause from the last stored price. */
  private async continueAcrossPause(): Promise<{ rows: number; ms: number } | undefined> {
    const { db, log } = this.deps;
    const now = this.now();
    const symbols = this.specs.map((s) => s.symbol);
    const latest = await store.latestBars(db, symbols, PERIODS, this.precision);
    if (latest.length === 0) return undefined;
    const started = performance.now();
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
    const ms = Math.round(performance.now() - started);
    if (rows > 0) log.info({ rows, ms }, 'market history continued across the pause');
    return { rows, ms };
  }
}
