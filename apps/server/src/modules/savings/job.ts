import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { savingsPositions, savingsRedemptions, type Db } from '@hx/db';
import { post, type LedgerWriter } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { Clock } from '../../lib/clock.ts';
import { Periodic } from '../../lib/periodic.ts';
import { bringUpToDate, lockPosition, savingsAccount } from './position.ts';
import { HOUR_MS } from './terms.ts';
import { subscribeIdle } from './subscribe.ts';

export interface SavingsRun {
  /** Holdings brought up to date. */
  holdings: number;
  /** Redemptions over the quota paid out. */
  redeemed: number;
  /** Idle spot balances moved into savings. */
  swept: number;
}

type Ledger = Pick<LedgerWriter, 'transaction' | 'accounts'>;

/** Pays a pending redemption: the frozen savings go to the spot account. */
async function payRedemption(tx: Db, id: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(savingsRedemptions)
    .where(and(eq(savingsRedemptions.id, id), eq(savingsRedemptions.status, 'pending')))
    .for('update');
  if (!row) return false;
  const amount = new Decimal(row.amount);
  await post(tx, {
    kind: 'savings_redeem',
    refType: 'savings_redemption',
    refId: id,
    at: now,
    lines: [
      {
        account: savingsAccount(row.userId, row.coinId),
        bucket: 'frozen',
        amount: amount.negated(),
      },
      { account: { user: row.userId, sub: 'currency', coin: row.coinId }, amount },
    ],
  });
  await tx
    .update(savingsRedemptions)
    .set({ status: 'paid', paidAt: now })
    .where(eq(savingsRedemptions.id, id));
  return true;
}

/**
 * The savings job: every holding with a full hour to accrue is brought up to date (one
 * transaction each, under its row's lock: exactly once per hour and day across processes),
 * redemptions over yesterday's quota are paid, and opted-in idle spot balances subscribed.
 */
export class SavingsJob {
  constructor(
    private readonly deps: { db: Db; clock: Clock; ledger: Ledger },
    private readonly log: FastifyBaseLogger,
  ) {}

  async runOnce(now = this.deps.clock.now()): Promise<SavingsRun> {
    const { db, ledger } = this.deps;
    const run: SavingsRun = { holdings: 0, redeemed: 0, swept: 0 };
    const due = await db
      .select({ userId: savingsPositions.userId, coinId: savingsPositions.coinId })
      .from(savingsPositions)
      .where(
        lte(
          savingsPositions.accruedUntil,
          sql`${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`,
        ),
      );
    for (const { userId, coinId } of due) {
      await ledger.transaction(async (tx) => {
        const locked = await lockPosition(tx, userId, coinId);
        if (locked) await bringUpToDate(tx, locked, now);
      });
      run.holdings += 1;
    }
    const pending = await db
      .select({ id: savingsRedemptions.id })
      .from(savingsRedemptions)
      .where(
        and(
          eq(savingsRedemptions.status, 'pending'),
          lte(savingsRedemptions.dueAt, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(savingsRedemptions.id));
    for (const { id } of pending)
      if (await ledger.transaction((tx) => payRedemption(tx, id, now))) run.redeemed += 1;
    const auto = await db
      .select({ userId: savingsPositions.userId, coinId: savingsPositions.coinId })
      .from(savingsPositions)
      .where(eq(savingsPositions.autoSubscribe, true));
    for (const { userId, coinId } of auto)
      if (await subscribeIdle(this.deps, userId, coinId, now)) run.swept += 1;
    return run;
  }

  private readonly periodic = new Periodic(
    () =>
      this.runOnce().then((r) => {
        if (r.redeemed + r.swept > 0) this.log.info(r, 'savings run');
      }),
    (err) => this.log.error({ err }, 'savings run failed'),
    'savings_interest',
  );

  /** Runs now and then every `intervalMs`; runs never overlap. */
  start(intervalMs = 60_000): void {
    this.periodic.start(intervalMs, { immediately: true, unref: true });
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
