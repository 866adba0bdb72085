import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  ALERT_FIRED_SHOWN,
  ALERT_MAX_WAITING,
  type AlertCreateBody,
  type AlertItem,
} from '@hx/protocol';
import { priceAlerts } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { fail } from '../../lib/errors.ts';
import { scaled } from '../lever/trigger-index.ts';
import { atPrecision } from '../market/store.ts';
import { movePercent } from './book.ts';
import { plainPercent, waitingOf, type AlertTrigger } from './trigger.ts';

type AlertRow = typeof priceAlerts.$inferSelect;

const decimalsOf = (value: string) => (value.split('.')[1] ?? '').length;

/** Creating, listing and deleting a user's price alerts; the trigger fires them. */
export class AlertService {
  constructor(
    private readonly app: Pick<ServerDeps, 'clock' | 'db' | 'market'>,
    private readonly trigger: AlertTrigger,
  ) {}

  private view(row: AlertRow): AlertItem {
    const { market } = this.app;
    const dp = market.has(row.symbol) ? market.spec(row.symbol).pricePrecision : 18;
    return {
      id: row.id,
      symbol: row.symbol,
      condition: row.condition as AlertItem['condition'],
      price: row.price === null ? null : atPrecision(row.price, dp),
      percent: row.percent === null ? null : plainPercent(row.percent),
      created_at: row.createdAt.getTime(),
      fired_at: row.firedAt?.getTime() ?? null,
      fired_price: row.firedPrice === null ? null : atPrecision(row.firedPrice, dp),
    };
  }

  /**
   * Refuses what would fire at once (the level is already reached, or the 24 h change already
   * that large), as exchanges do: the user learns the price instead of a pointless alert.
   */
  private refuseReached(body: AlertCreateBody, dp: number): void {
    const { market } = this.app;
    const last = market.last(body.symbol);
    if (!last) return;
    const now = scaled(last.price);
    if (body.condition === 'move') {
      const open = market.quote(body.symbol).open;
      const move = open === null ? null : movePercent(now, scaled(open));
      if (move !== null && move >= scaled(body.percent!))
        fail('ALERT_ALREADY_MOVED', { change: market.quote(body.symbol).change ?? '0' });
      return;
    }
    const level = scaled(body.price!);
    if (body.condition === 'above' ? level <= now : level >= now)
      fail('ALERT_ALREADY_CROSSED', { price: atPrecision(last.price, dp) });
  }

  create(userId: number, body: AlertCreateBody): Promise<{ id: number }> {
    const { market, db, clock } = this.app;
    const spec = market.spec(body.symbol);
    const move = body.condition === 'move';
    if (!move && decimalsOf(body.price!) > spec.pricePrecision) fail('ALERT_PRICE_INVALID');
    // Between tick batches: no tick is judged against an alert half made.
    return this.trigger.exclusive(async () => {
      this.refuseReached(body, spec.pricePrecision);
      const [waiting] = await db
        .select({ n: count() })
        .from(priceAlerts)
        .where(
          and(
            eq(priceAlerts.userId, userId),
            isNull(priceAlerts.firedAt),
            isNull(priceAlerts.deletedAt),
          ),
        );
      if ((waiting?.n ?? 0) >= ALERT_MAX_WAITING) fail('ALERT_LIMIT', { max: ALERT_MAX_WAITING });
      const [row] = await db
        .insert(priceAlerts)
        .values({
          userId,
          symbol: spec.symbol,
          condition: body.condition,
          price: move ? null : body.price!,
          percent: move ? body.percent! : null,
          createdAt: clock.now(),
        })
        .returning();
      const entry = waitingOf(row!);
      if (entry) this.trigger.book.add(entry);
      this.trigger.changed(row!.id);
      return { id: row!.id };
    });
  }

  /** Waiting alerts (newest first), then the most recent fired ones. */
  async list(userId: number): Promise<{ list: AlertItem[] }> {
    const { db } = this.app;
    const mine = and(eq(priceAlerts.userId, userId), isNull(priceAlerts.deletedAt));
    const waiting = await db
      .select()
      .from(priceAlerts)
      .where(and(mine, isNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.id));
    const fired = await db
      .select()
      .from(priceAlerts)
      .where(and(mine, isNotNull(priceAlerts.firedAt)))
      .orderBy(desc(priceAlerts.firedAt), desc(priceAlerts.id))
      .limit(ALERT_FIRED_SHOWN);
    return { list: [...waiting, ...fired].map((row) => this.view(row)) };
  }

  /** Deletes one of the user's alerts (waiting or fired); another's is not found. */
  delete(userId: number, id: number): Promise<void> {
    const { db, clock } = this.app;
    return this.trigger.exclusive(async () => {
      const gone = await db
        .update(priceAlerts)
        .set({ deletedAt: clock.now() })
        .where(
          and(
            eq(priceAlerts.id, id),
            eq(priceAlerts.userId, userId),
            isNull(priceAlerts.deletedAt),
          ),
        )
        .returning({ id: priceAlerts.id });
      if (gone.length === 0) fail('ALERT_NOT_FOUND');
      this.trigger.book.remove(id);
      this.trigger.changed(id);
    });
  }
}
