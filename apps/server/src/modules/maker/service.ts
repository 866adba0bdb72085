import { eq } from 'drizzle-orm';
import { makerPairs } from '@hx/db';
import type { Side } from '@hx/engine';
import { platformBalances } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { MakerState } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import { Periodic } from '../../lib/periodic.ts';
import type { SpotService } from '../spot/service.ts';
import type { JobResult } from '../spot/jobs.ts';
import type { PairWriter } from '../spot/writer.ts';
import type { Hedger } from './hedger.ts';
import { placeDue, recordFills, unhedged } from './hedges.ts';
import { quotes, type Holdings } from './quotes.ts';

export type MakerRow = typeof makerPairs.$inferSelect;

export interface PairStatus {
  state: MakerState;
  bounded: Side[];
}

export type MakerDeps = Pick<ServerDeps, 'db' | 'clock' | 'priceIndex' | 'log'> & {
  spot: SpotService;
  hedger?: Hedger;
};

/** How often the settings are read: a pair turned off (or the kill switch) acts within this. */
const TICK_MS = 1000;

/**
 * The operator's market maker: on each spot pair this process writes (its owner, with several
 * processes) and the console turned on, a ladder of post-only limit orders around the index, from
 * the platform's market_maker account, through the pair's writer like any user's orders. It stops
 * quoting a side whose fills would cross an inventory bound, everything while the index is stale
 * or while more than `max_unhedged` of its fills wait for their hedge.
 */
export class MakerService {
  /** What each pair's maker did in its last round here. */
  readonly status = new Map<string, PairStatus>();
  private readonly nextAt = new Map<string, number>();
  private readonly job: Periodic;

  constructor(private readonly deps: MakerDeps) {
    this.job = new Periodic(
      () => this.tick(),
      (err) => deps.log.warn({ err }, 'market maker round failed'),
      'maker',
    );
  }

  get hedgeVenue(): string | null {
    return this.deps.hedger?.venue ?? null;
  }

  start(): void {
    this.job.start(TICK_MS, { immediately: true, unref: true });
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  /** Reads the settings; turns off what was turned off, runs the rounds that are due. */
  async tick(): Promise<void> {
    const rows = await this.deps.db.select().from(makerPairs);
    const { spot } = this.deps;
    for (const row of rows) spot.operatorMade.add(row.symbol);
    const now = Date.now();
    for (const row of rows) {
      const writer = spot.writers.get(row.symbol);
      if (!writer) {
        this.status.set(row.symbol, { state: 'not_owner', bounded: [] });
        continue;
      }
      if (!row.enabled) {
        await this.cancelAll(writer);
        this.status.set(row.symbol, { state: 'off', bounded: [] });
        continue;
      }
      if ((this.nextAt.get(row.symbol) ?? 0) > now) continue;
      this.nextAt.set(row.symbol, now + row.refreshMs);
      await this.quote(row, writer);
    }
  }

  /** One round on `symbol` now (the console's save, tests). */
  async round(symbol: string): Promise<PairStatus | undefined> {
    const [row] = await this.deps.db.select().from(makerPairs).where(eq(makerPairs.symbol, symbol));
    const writer = this.deps.spot.writers.get(symbol);
    if (!row || !writer) return undefined;
    this.deps.spot.operatorMade.add(symbol);
    this.nextAt.set(symbol, Date.now() + row.refreshMs);
    if (!row.enabled) {
      await this.cancelAll(writer);
      this.status.set(symbol, { state: 'off', bounded: [] });
    } else await this.quote(row, writer);
    return this.status.get(symbol);
  }

  /** Kill switch: every pair off, then every maker order on the books here cancelled at once. */
  async kill(): Promise<number> {
    const rows = await this.deps.db
      .update(makerPairs)
      .set({ enabled: false, updatedAt: this.deps.clock.now() })
      .returning({ symbol: makerPairs.symbol });
    let cancelled = 0;
    await Promise.all(
      rows.map(async ({ symbol }) => {
        const writer = this.deps.spot.writers.get(symbol);
        if (writer) cancelled += await this.cancelAll(writer);
        this.status.set(symbol, { state: 'off', bounded: [] });
      }),
    );
    return cancelled;
  }

  private async quote(row: MakerRow, writer: PairWriter): Promise<void> {
    const { db, clock, hedger } = this.deps;
    const { symbol } = row;
    if (row.hedge && hedger) {
      await recordFills(db, symbol, hedger.venue, clock.now());
      const pair = writer.pair;
      await placeDue(db, hedger, symbol, `${pair.base}/${pair.quote}`, clock.now());
    }
    const index = this.deps.priceIndex.get(symbol);
    if (index.stale || index.price === null) return this.halt(writer, 'stale');
    if (row.hedge && new Decimal(await unhedged(db, symbol)).gt(row.maxUnhedged))
      return this.halt(writer, 'paused');
    const holdings = await this.holdings(writer);
    const { wanted, bounded } = quotes(writer.pair.spec, index.price, row, holdings);
    await this.requote(writer, wanted);
    this.status.set(symbol, { state: 'quoting', bounded });
  }

  private async halt(writer: PairWriter, state: MakerState): Promise<void> {
    await this.cancelAll(writer);
    this.status.set(writer.pair.symbol, { state, bounded: [] });
  }

  /** The market_maker account's base and quote of the pair, frozen included. */
  private async holdings(writer: PairWriter): Promise<Holdings> {
    const { baseCoin, quoteCoin } = writer.pair;
    const rows = await platformBalances(this.deps.db, 'market_maker', [baseCoin, quoteCoin]);
    const total = (coin: number) => {
      const row = rows.find((r) => r.coin === coin);
      return row ? new Decimal(row.available).plus(row.frozen).toFixed() : '0';
    };
    return { base: total(baseCoin), quote: total(quoteCoin) };
  }

  /**
   * Keeps the levels that are still wanted and untouched, cancels the rest and places the
   * missing, all queued at once: the writer takes them in order in one batch, so the book is
   * never seen empty between the old ladder and the new one.
   */
  private async requote(writer: PairWriter, wanted: Map<string, bigint>): Promise<void> {
    const jobs: Promise<JobResult>[] = [];
    for (const order of makerOrders(writer)) {
      const key = `${order.side}:${order.price}`;
      if (wanted.get(key) === order.amount && order.filled === 0n) wanted.delete(key);
      else jobs.push(writer.submit({ kind: 'cancel', orderId: order.id, userId: null }));
    }
    for (const [key, amount] of wanted) {
      const [side, price] = key.split(':') as [Side, string];
      const order = { userId: null, side, type: 'limit' as const, price: BigInt(price), amount };
      jobs.push(writer.submit({ kind: 'place', order: { ...order, postOnly: true } }));
    }
    for (const result of await Promise.all(jobs))
      if (!result.ok) this.deps.log.debug({ code: result.code }, 'maker order refused');
  }

  private async cancelAll(writer: PairWriter): Promise<number> {
    const results = await Promise.all(
      makerOrders(writer).map((order) =>
        writer.submit({ kind: 'cancel', orderId: order.id, userId: null }),
      ),
    );
    return results.filter((r) => r.ok).length;
  }
}

/** The maker's resting orders on a book: the platform's limit orders. */
function makerOrders(writer: PairWriter) {
  return [...writer.open.values()].filter(
    (o) => o.userId === null && o.type === 'limit' && o.status === 'waiting',
  );
}
