import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { financeInterest, financeOrders, type Db } from '@hx/db';
import { post, type LedgerWriter } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { Clock } from '../../lib/clock.ts';
import { Periodic } from '../../lib/periodic.ts';
import { coinById } from '../coins/coins.ts';
import { DAY_MS, dailyInterest } from './terms.ts';

/**
 * Pays the next due interest day of one custody order inside `tx`, and at the last day returns
 * the principal and completes the order. The order row is locked first and the (order, day) key
 * is unique, so a repeat, a restart or a second process never pays a day twice. Returns whether
 * a day was paid (call again to catch up).
 */
export async function payNextDay(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(financeOrders)
    .where(eq(financeOrders.id, orderId))
    .for('update');
  if (!order || order.status !== 'custody' || order.paidDays >= order.days) return false;
  const day = order.paidDays + 1;
  const dueAt = new Date(order.startAt.getTime() + day * DAY_MS);
  if (dueAt > now) return false;
  const coin = await coinById(tx, order.coinId);
  const interest = dailyInterest(order.amount, order.dailyRate, coin.decimals);
  const [row] = await tx
    .insert(financeInterest)
    .values({
      orderId,
      userId: order.userId,
      coinId: order.coinId,
      day,
      amount: interest,
      dueAt,
      paidAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: financeInterest.id });
  if (!row) return false;
  const trust = { user: order.userId, sub: 'trust' as const, coin: order.coinId };
  if (new Decimal(interest).gt(0)) {
    await post(tx, {
      kind: 'finance_interest',
      refType: 'finance_order',
      refId: orderId,
      idempotencyKey: `finance:interest:${orderId}:${day}`,
      at: now,
      lines: [
        {
          account: { platform: 'payouts', coin: order.coinId },
          amount: new Decimal(interest).negated(),
        },
        { account: trust, amount: interest },
      ],
    });
  }
  const last = day === order.days;
  if (last) {
    await post(tx, {
      kind: 'finance_principal',
      refType: 'finance_order',
      refId: orderId,
      idempotencyKey: `finance:principal:${orderId}`,
      at: now,
      lines: [
        { account: trust, bucket: 'frozen', amount: new Decimal(order.amount).negated() },
        { account: trust, amount: order.amount },
      ],
    });
  }
  await tx
    .update(financeOrders)
    .set({
      paidDays: day,
      earned: sql`${financeOrders.earned} + ${interest}`,
      ...(last ? { status: 'completed' as const, returned: order.amount, closedAt: now } : {}),
    })
    .where(eq(financeOrders.id, orderId));
  return true;
}

export interface RunReport {
  /** Interest days paid. */
  paid: number;
  /** Orders that reached maturity. */
  completed: number;
}

/**
 * The daily interest job. `runOnce(now)` pays every due day of every custody order (catching up
 * after downtime), one transaction per day; `start()` runs it on an interval, `stop()` ends it.
 */
export class FinanceJob {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly ledger: Pick<LedgerWriter, 'transaction'>,
  ) {}

  async runOnce(now = this.clock.now()): Promise<RunReport> {
    const due = await this.db
      .select({
        id: financeOrders.id,
        days: financeOrders.days,
        paid: financeOrders.paidDays,
      })
      .from(financeOrders)
      .where(
        and(
          eq(financeOrders.status, 'custody'),
          sql`${financeOrders.startAt} + (${financeOrders.paidDays} + 1) * interval '1 day' <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(financeOrders.id));
    const report: RunReport = { paid: 0, completed: 0 };
    for (const order of due) {
      let paid = order.paid;
      while (await this.ledger.transaction((tx) => payNextDay(tx, order.id, now))) {
        report.paid += 1;
        paid += 1;
      }
      if (paid >= order.days) report.completed += 1;
    }
    return report;
  }

  private readonly periodic = new Periodic(
    () =>
      this.runOnce().then((r) => {
        if (r.paid > 0) this.log.info(r, 'finance interest paid');
      }),
    (err) => this.log.error({ err }, 'finance interest run failed'),
    'finance_interest',
  );

  /** Runs now and then every `intervalMs`; runs never overlap. */
  start(intervalMs = 60_000): void {
    this.periodic.start(intervalMs, { immediately: true, unref: true });
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
