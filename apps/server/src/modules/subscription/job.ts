import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { coins, subscriptionProjects, subscriptions } from '@hx/db';
import { post, type LedgerWriter } from '@hx/ledger';

type Ledger = Pick<LedgerWriter, 'transaction'>;
import { Decimal } from '@hx/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { DAY_MS } from './service.ts';

/**
 * Allocation at close and release at the end of the lock-up. `runOnce(now)` does what is due and
 * may run in several processes at once: a project is claimed with FOR UPDATE SKIP LOCKED and
 * marked allocated in the same transaction, a release likewise, and every ledger entry carries a
 * unique idempotency key, so nothing is allocated or released twice.
 */

export interface RunReport {
  allocated: number;
  released: number;
}

/** Allocates one closed project, if any is due and not taken by another process. */
async function allocateOne(ledger: Ledger, now: Date): Promise<boolean> {
  const done = await ledger.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ p: subscriptionProjects, decimals: coins.decimals })
      .from(subscriptionProjects)
      .innerJoin(coins, eq(coins.id, subscriptionProjects.coinId))
      .where(and(isNull(subscriptionProjects.allocatedAt), lte(subscriptionProjects.closeAt, now)))
      .orderBy(asc(subscriptionProjects.closeAt))
      .limit(1)
      .for('update', { of: subscriptionProjects, skipLocked: true });
    if (!claimed) return false;
    const { p: project, decimals } = claimed;
    // Only those under review: a subscription an operator rejected was refunded then and is
    // left out (passed ones are still `review` and take part like the others).
    const subs = await tx
      .select({ s: subscriptions, payDecimals: coins.decimals })
      .from(subscriptions)
      .innerJoin(coins, eq(coins.id, subscriptions.payCoinId))
      .where(and(eq(subscriptions.projectId, project.id), eq(subscriptions.status, 'review')))
      .orderBy(asc(subscriptions.id))
      .for('update', { of: subscriptions });
    const requested = subs.reduce((sum, { s }) => sum.plus(s.tokens), new Decimal(0));
    // Pro-rata when oversubscribed: everyone gets the same share of what they asked for.
    const oversubscribed = requested.gt(project.supply);
    const ratio = oversubscribed ? new Decimal(project.supply).div(requested) : new Decimal(1);
    const unlockAt = new Date(project.launchAt.getTime() + project.lockDays * DAY_MS);

    for (const { s, payDecimals } of subs) {
      const allocated = new Decimal(s.tokens)
        .times(ratio)
        .toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
      // Exactly what the allocated tokens cost in the payment coin, never more than was frozen.
      const paid = Decimal.min(
        s.amount,
        allocated
          .times(project.issuePrice)
          .div(s.rate)
          .toDecimalPlaces(payDecimals, Decimal.ROUND_UP),
      );
      const refund = new Decimal(s.amount).minus(paid);
      const account = { user: s.userId, sub: 'currency' as const, coin: s.payCoinId };
      const ref = { refType: 'subscription', refId: s.id, at: now };
      if (paid.gt(0)) {
        await post(tx, {
          kind: 'subscription_pay',
          ...ref,
          idempotencyKey: `subscription:${s.id}:pay`,
          lines: [
            { account, bucket: 'frozen', amount: paid.negated() },
            { account: { platform: 'treasury', coin: s.payCoinId }, amount: paid },
          ],
        });
      }
      if (refund.gt(0)) {
        await post(tx, {
          kind: 'subscription_refund',
          ...ref,
          idempotencyKey: `subscription:${s.id}:refund`,
          lines: [
            { account, bucket: 'frozen', amount: refund.negated() },
            { account, amount: refund },
          ],
        });
      }
      if (allocated.gt(0)) {
        // The issuer (treasury, the outside world) delivers the tokens, locked until unlockAt.
        await post(tx, {
          kind: 'subscription_tokens',
          ...ref,
          idempotencyKey: `subscription:${s.id}:tokens`,
          lines: [
            {
              account: { platform: 'treasury', coin: project.coinId },
              amount: allocated.negated(),
            },
            {
              account: { user: s.userId, sub: 'currency', coin: project.coinId },
              bucket: 'frozen',
              amount: allocated,
            },
          ],
        });
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'passed',
          allocated: allocated.toFixed(),
          paid: paid.toFixed(),
          refund: refund.toFixed(),
          allocatedAt: now,
          unlockAt: allocated.gt(0) ? unlockAt : null,
          releasedAt: allocated.gt(0) ? null : now,
        })
        .where(eq(subscriptions.id, s.id));
    }
    await tx
      .update(subscriptionProjects)
      .set({
        allocatedAt: now,
        fillRatio: ratio.toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
      })
      .where(eq(subscriptionProjects.id, project.id));
    return true;
  });
  return done;
}

/** Releases up to `limit` locked allocations whose lock-up has ended; returns how many. */
async function releaseDue(ledger: Ledger, now: Date, limit = 100): Promise<number> {
  const released = await ledger.transaction(async (tx) => {
    const due = await tx
      .select({ s: subscriptions, coinId: subscriptionProjects.coinId })
      .from(subscriptions)
      .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptions.projectId))
      .where(
        and(
          eq(subscriptions.status, 'passed'),
          isNull(subscriptions.releasedAt),
          lte(subscriptions.unlockAt, now),
          gt(subscriptions.allocated, '0'),
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(limit)
      .for('update', { of: subscriptions, skipLocked: true });
    for (const { s, coinId } of due) {
      const account = { user: s.userId, sub: 'currency' as const, coin: coinId };
      await post(tx, {
        kind: 'subscription_unlock',
        refType: 'subscription',
        refId: s.id,
        at: now,
        idempotencyKey: `subscription:${s.id}:unlock`,
        lines: [
          { account, bucket: 'frozen', amount: `-${s.allocated}` },
          { account, amount: s.allocated! },
        ],
      });
      await tx.update(subscriptions).set({ releasedAt: now }).where(eq(subscriptions.id, s.id));
    }
    return due.length;
  });
  return released;
}

/** Everything due at `now`: closed projects allocated, ended lock-ups released. */
export async function runOnce(ledger: Ledger, now: Date): Promise<RunReport> {
  let allocated = 0;
  while (await allocateOne(ledger, now)) allocated += 1;
  let released = 0;
  for (let n = -1; n !== 0; released += n) n = await releaseDue(ledger, now);
  return { allocated, released };
}

/** The job as the server runs it: every `everyMs`, reading the app's clock. */
export class SubscriptionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      ledger: Ledger;
      clock: Clock;
      log: FastifyBaseLogger;
    },
    private readonly everyMs = 5_000,
  ) {}

  runOnce(now = this.deps.clock.now()): Promise<RunReport> {
    const run = this.running.then(() => runOnce(this.deps.ledger, now));
    this.running = run.catch(() => undefined);
    return run;
  }

  start(): void {
    if (this.timer) return;
    const tick = () =>
      this.runOnce().then(
        (report) => {
          if (report.allocated || report.released) this.deps.log.info(report, 'subscriptions');
        },
        (err: unknown) => this.deps.log.error({ err }, 'subscription job failed'),
      );
    void tick();
    this.timer = setInterval(() => void tick(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
