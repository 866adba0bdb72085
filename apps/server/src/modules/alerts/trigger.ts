import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AlertCondition } from '@hx/protocol';
import { priceAlerts } from '@hx/db';
import type { Tick } from '@hx/market';
import type { ServerDeps } from '../../lib/deps.ts';
import { scaled } from '../lever/trigger-index.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { atPrecision } from '../market/store.ts';
import { AlertBook, movePercent, type Waiting } from './book.ts';
import { InTurn } from '../../lib/in-turn.ts';

const noop = () => undefined;

type AlertRow = typeof priceAlerts.$inferSelect;

/** A stored percent without its padding: 5.0000 → 5, 2.5000 → 2.5. */
export const plainPercent = (value: string) =>
  value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export function waitingOf(row: AlertRow): Waiting | null {
  const value = row.condition === 'move' ? row.percent : row.price;
  if (value === null) return null;
  return {
    id: row.id,
    symbol: row.symbol,
    condition: row.condition as AlertCondition,
    key: scaled(value),
  };
}

/**
 * Fires price alerts on recorded ticks only (the market's `onRecorded`), never on a price that
 * was merely seen. The waiting alerts are in memory (loaded on start, kept up to date by the
 * service), so a tick that reaches none costs no query. A reached alert fires in one UPDATE
 * guarded by `fired_at is null`: exactly once, also when two processes see the same tick.
 */
export class AlertTrigger {
  readonly book = new AlertBook();
  private readonly turns = new InTurn();
  private stopListening: () => void = noop;
  /** Several processes: who hears that an alert was set or removed here (the others' books). */
  changed: (id: number) => void = noop;

  constructor(private readonly app: Pick<ServerDeps, 'db' | 'hub' | 'log' | 'market'>) {}

  async start(): Promise<void> {
    const rows = await this.app.db
      .select()
      .from(priceAlerts)
      .where(and(isNull(priceAlerts.firedAt), isNull(priceAlerts.deletedAt)));
    for (const row of rows) {
      const waiting = waitingOf(row);
      if (waiting) this.book.add(waiting);
    }
    this.stopListening = this.app.market.onRecorded((ticks) => this.onTicks(ticks));
  }

  /** An alert set or removed on another process: this book follows the database. */
  async reread(id: number): Promise<void> {
    const [row] = await this.app.db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
    const waiting = row && !row.firedAt && !row.deletedAt ? waitingOf(row) : null;
    await this.exclusive(async () => {
      if (waiting) this.book.add(waiting);
      else this.book.remove(id);
    });
  }

  async stop(): Promise<void> {
    this.stopListening();
    await this.idle();
  }

  /** Runs `work` between two tick batches (creating, deleting). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.exclusive(work);
  }

  /** Resolves once every batch received so far is processed (tests, shutdown). */
  async idle(): Promise<void> {
    await this.turns.idle();
  }

  onTicks(ticks: readonly Tick[]): void {
    this.turns.push(
      () => this.process(ticks),
      (err) => this.app.log.error({ err }, 'price alerts failed'),
    );
  }

  private async process(ticks: readonly Tick[]): Promise<void> {
    const { market } = this.app;
    for (const tick of ticks) {
      if (this.book.size === 0) return;
      if (!market.has(tick.symbol)) continue;
      const price = scaled(tick.price);
      let move: bigint | null = null;
      if (this.book.hasMoves(tick.symbol)) {
        const open = market.quote(tick.symbol).open;
        move = open === null ? null : movePercent(price, scaled(open));
      }
      const ids = this.book.fire(tick.symbol, price, move);
      if (ids.length > 0) await this.fire(ids, tick);
    }
  }

  private async fire(ids: number[], tick: Tick): Promise<void> {
    const { db, market } = this.app;
    const spec = market.spec(tick.symbol);
    const at = new Date(tick.time);
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      const fired = await tx
        .update(priceAlerts)
        .set({ firedAt: at, firedPrice: tick.price })
        .where(
          and(
            inArray(priceAlerts.id, ids),
            isNull(priceAlerts.firedAt),
            isNull(priceAlerts.deletedAt),
          ),
        )
        .returning();
      for (const row of fired) {
        const price = row.price === null ? null : atPrecision(row.price, spec.pricePrecision);
        const percent = row.percent === null ? null : plainPercent(row.percent);
        await after.notify(tx, {
          userId: row.userId,
          kind: 'price_alert',
          at,
          facts: {
            alert_id: row.id,
            symbol: row.symbol,
            name: spec.name,
            condition: row.condition as AlertCondition,
            price,
            percent,
            target: row.condition === 'move' ? `${percent}%` : (price ?? ''),
            fired_price: atPrecision(tick.price, spec.pricePrecision),
          },
        });
      }
    });
    await after.send(this.app);
  }
}
