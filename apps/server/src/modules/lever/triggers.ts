import { eq, inArray } from 'drizzle-orm';
import { coins, leverPositions, type Db } from '@hx/db';
import type { Tick } from '@hx/market';
import type { ServerDeps } from '../../lib/deps.ts';
import { listPairs } from './pairs.ts';
import { REARM_SHARE, shareToLiquidation, WARNING_SHARE } from './math.ts';
import { closeAt, fillAt, markWarned, rearmWarning, savePeaks, type CloseGuard } from './settle.ts';
import {
  scaled,
  tickPrices,
  TriggerIndex,
  unscaled,
  type Fired,
  type Side,
  type Triggers,
} from './trigger-index.ts';
import { leverNotice, warningNotice } from './notices.ts';
import { positionView, type PositionRow } from './view.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { InTurn } from '../../lib/in-turn.ts';

const noop = () => undefined;

/**
 * What a position waits for: a limit entry its price; a holding position its stops, trailing
 * stop, liquidation and the liquidation warning (or, once given, the price that re-arms it).
 */
export function triggersOf(row: PositionRow): Triggers | null {
  if (row.status === 'waiting' && row.limitPrice !== null) return { entry: scaled(row.limitPrice) };
  if (row.status !== 'holding') return null;
  const t: Triggers = {};
  if (row.stopProfit !== null) t.stop_profit = scaled(row.stopProfit);
  if (row.stopLoss !== null) t.stop_loss = scaled(row.stopLoss);
  if (row.liquidationPrice !== null) t.liquidation = scaled(row.liquidationPrice);
  const { trailingDistance: distance, trailingUnit: unit, trailingPeak: peak } = row;
  if (distance !== null && unit !== null && peak !== null)
    t.trailing = { distance: scaled(distance), unit, peak: scaled(peak) };
  if (row.liquidationPrice !== null && row.openPrice !== null) {
    const at = (share: string) =>
      scaled(shareToLiquidation(row.side, row.openPrice!, row.liquidationPrice!, share).toFixed());
    t.warning = {
      price: at(WARNING_SHARE),
      rearm: at(REARM_SHARE),
      warned: row.liquidationWarnedAt !== null,
    };
  }
  return t;
}

/**
 * Runs the triggers of open positions on every recorded tick. The index is in memory, rebuilt
 * from the open positions on start; ticks are processed one batch after another, and a fired
 * trigger settles in one transaction guarded in SQL, with the price and time of the tick that
 * reached it. User actions that add or move triggers run between batches (`exclusive`).
 */
export class TriggerRunner {
  readonly index = new TriggerIndex();
  private readonly turns = new InTurn();
  private pairs = new Map<string, { spread: string; decimals: number }>();
  private coinDecimals = new Map<number, number>();
  private stopListening: () => void = noop;
  /**
   * Several processes (cluster.ts): whether this process fires a symbol's triggers (its owner
   * does), and who hears that a position's triggers changed here.
   */
  fires: (symbol: string) => boolean = () => true;
  changed: (positionId: number) => void = noop;
  /** Trailing peaks moved in memory and not yet saved, by `symbol|side`. */
  private peaks = new Map<string, { symbol: string; side: Side; peak: bigint }>();

  constructor(
    private readonly app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'ledger' | 'log' | 'market'>,
  ) {}

  /** Loads the pairs and every open position; then listens to recorded ticks. */
  async start(): Promise<void> {
    await this.reloadPairs();
    for (const c of await this.app.db
      .select({ id: coins.id, decimals: coins.decimals })
      .from(coins))
      this.coinDecimals.set(c.id, c.decimals);
    const open = await this.app.db
      .select()
      .from(leverPositions)
      .where(inArray(leverPositions.status, ['waiting', 'holding']));
    this.index.load(
      open.flatMap((row) => {
        const triggers = triggersOf(row);
        return triggers ? [{ id: row.id, symbol: row.symbol, side: row.side, triggers }] : [];
      }),
    );
    this.stopListening = this.app.market.onRecorded((ticks) => this.onTicks(ticks));
  }

  async stop(): Promise<void> {
    this.stopListening();
    await this.idle();
  }

  /** The spreads of limit entries follow the pairs table (call after an operator edits it). */
  async reloadPairs(): Promise<void> {
    this.pairs.clear();
    for (const p of await listPairs(this.app.db)) {
      if (!this.app.market.has(p.symbol)) continue;
      this.pairs.set(p.symbol, {
        spread: p.spread,
        decimals: this.app.market.spec(p.symbol).pricePrecision,
      });
    }
  }

  decimalsOf(coinId: number): number {
    return this.coinDecimals.get(coinId) ?? 8;
  }

  /** Puts a position's current triggers in the index (or takes it out when it is over). */
  track(row: PositionRow): void {
    this.trackHere(row);
    this.changed(row.id);
  }

  /** Takes a position out of the index (closed, cancelled). */
  forget(id: number): void {
    this.index.remove(id);
    this.changed(id);
  }

  /** The index of this process only (what another process changed, told over the bus). */
  trackHere(row: PositionRow): void {
    const triggers = triggersOf(row);
    if (triggers) this.index.set(row.id, row.symbol, row.side, triggers);
    else this.index.remove(row.id);
  }

  /** Runs `work` between two tick batches, so no tick is judged against half-made changes. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.exclusive(work);
  }

  /**
   * Runs `work` between tick batches beside other such work: for changes that cannot disturb
   * each other (a user's new position), so many opens share one turn and one ledger batch.
   */
  shared<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.shared(work);
  }

  /** Resolves once every batch received so far is processed (tests, shutdown). */
  async idle(): Promise<void> {
    await this.turns.idle();
  }

  onTicks(ticks: readonly Tick[]): void {
    this.turns.push(
      () => this.process(ticks),
      (err) => this.app.log.error({ err }, 'contract triggers failed'),
    );
  }

  private publish(row: PositionRow): void {
    this.app.hub.publishToUser(
      row.userId,
      'positions',
      positionView(row, null, this.decimalsOf(row.coinId)),
    );
  }

  private async process(ticks: readonly Tick[]): Promise<void> {
    try {
      for (const tick of ticks) {
        const pair = this.pairs.get(tick.symbol);
        if (!pair || this.index.size === 0 || !this.fires(tick.symbol)) continue;
        const prices = tickPrices(tick.price, pair.spread, pair.decimals);
        const moved = (side: Side, peak: bigint) => this.moved(tick.symbol, side, peak);
        // A filled entry brings its stops and liquidation price: the same tick may reach them.
        let fired = this.index.fire(tick.symbol, prices, moved);
        while (fired.length > 0) {
          // Saved first: an entry filling now must not take peaks from before it, and a stop
          // that does not settle is tracked again from the database.
          await this.savePeaks();
          let filled = false;
          for (const f of fired) filled = (await this.settle(f, tick)) || filled;
          fired = filled ? this.index.fire(tick.symbol, prices, moved) : [];
        }
      }
    } finally {
      await this.savePeaks();
    }
  }

  /** Notes a peak the mark moved trailing stops to (the best of the batch per symbol and side). */
  private moved(symbol: string, side: Side, peak: bigint): void {
    const key = `${symbol}|${side}`;
    const seen = this.peaks.get(key);
    if (!seen || (side === 'long' ? peak > seen.peak : peak < seen.peak))
      this.peaks.set(key, { symbol, side, peak });
  }

  /** Saves the moved trailing peaks: one statement per symbol and side, once per batch. */
  private async savePeaks(): Promise<void> {
    for (const [key, { symbol, side, peak }] of this.peaks) {
      try {
        await savePeaks(this.app.db, symbol, side, unscaled(peak));
        if (this.peaks.get(key)?.peak === peak) this.peaks.delete(key);
      } catch (err) {
        // Kept: the next batch tries again; until then a restart resumes from an older peak.
        this.app.log.error({ err, symbol, side }, 'trailing peaks were not saved');
      }
    }
  }

  /** The warning nearing liquidation (the owner told once), or its re-arm; the index has swapped them. */
  private async warn(f: Fired, tick: Tick): Promise<void> {
    const at = this.app.clock.now();
    if (f.kind === 'rearm') {
      if (await rearmWarning(this.app.db, f.id)) return;
    } else {
      const after = new AfterCommit();
      const row = await this.app.ledger.transaction(async (tx) => {
        const warned = await markWarned(tx, f.id, tick);
        if (warned) await after.notify(tx, warningNotice(this.app, warned, tick.price, at));
        return warned;
      });
      if (row) {
        this.publish(row);
        await after.send(this.app);
        return;
      }
    }
    throw new Error('changed meanwhile');
  }

  /** Settles one fired trigger; true when it filled a limit entry. */
  private async settle(f: Fired, tick: Tick): Promise<boolean> {
    const { db, clock } = this.app;
    const mark = { price: tick.price, time: tick.time };
    const at = clock.now();
    // The owner's notification is written with the settlement and pushed after its commit.
    const after = new AfterCommit();
    const told = async (tx: Db, row: PositionRow | null) => {
      if (!row) return row;
      const notice = await leverNotice(this.app, tx, row, at);
      if (notice) await after.notify(tx, notice);
      return row;
    };
    try {
      if (f.kind === 'warning' || f.kind === 'rearm') {
        await this.warn(f, tick);
        return false;
      }
      if (f.kind === 'entry') {
        const row = await this.app.ledger.transaction(async (tx) =>
          told(tx, await fillAt(tx, f.id, mark, at)),
        );
        if (row) {
          this.track(row);
          this.publish(row);
          await after.send(this.app);
          return true;
        }
      } else {
        const guard: CloseGuard =
          f.kind === 'stop_profit'
            ? { stopProfit: unscaled(f.key) }
            : f.kind === 'stop_loss'
              ? { stopLoss: unscaled(f.key) }
              : f.kind === 'trailing_stop'
                ? { trailingStop: unscaled(f.key) }
                : {};
        const row = await this.app.ledger.transaction(async (tx) => {
          const [pos] = await tx
            .select({ coinId: leverPositions.coinId })
            .from(leverPositions)
            .where(eq(leverPositions.id, f.id));
          if (!pos) return null;
          const closed = await closeAt(
            tx,
            f.id,
            mark,
            f.kind as 'stop_profit' | 'stop_loss' | 'trailing_stop' | 'liquidation',
            at,
            this.decimalsOf(pos.coinId),
            guard,
          );
          return told(tx, closed);
        });
        if (row) {
          this.changed(row.id); // the index here took it out when it fired
          this.publish(row);
          await after.send(this.app);
          return false;
        }
      }
    } catch (err) {
      this.app.log.error({ err, position: f.id }, 'a contract trigger failed to settle');
    }
    // Not settled (changed meanwhile, or an error): track it as the database has it now.
    const [row] = await db.select().from(leverPositions).where(eq(leverPositions.id, f.id));
    if (row) this.track(row);
    return false;
  }
}
