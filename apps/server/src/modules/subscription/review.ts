import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminSubscription, subscriptionQueueQuery } from '@hx/protocol';
import { admins, coins, subscriptionProjects, subscriptions, users, type Db } from '@hx/db';
import { alias } from 'drizzle-orm/pg-core';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { AppError } from '../../lib/errors.ts';
import type { ReviewDecision } from '../operator-core/decision.ts';
import { accountText } from '../kyc/review.ts';
import { ms } from '../../lib/clock.ts';
import { auditText } from '../operator-core/rows.ts';

const token = alias(coins, 'token');
type Item = z.infer<typeof adminSubscription>;

const columns = {
  s: subscriptions,
  email: users.email,
  phone: users.phone,
  areaCode: users.areaCode,
  project: token.name,
  pay: coins.name,
  closeAt: subscriptionProjects.closeAt,
  allocatedAt: subscriptionProjects.allocatedAt,
  reviewer: admins.email,
};
const joined = (db: Db) =>
  db
    .select(columns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptions.projectId))
    .innerJoin(token, eq(token.id, subscriptionProjects.coinId))
    .innerJoin(coins, eq(coins.id, subscriptions.payCoinId))
    .leftJoin(admins, eq(admins.id, subscriptions.reviewedBy));
type Row = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

const view = (r: Row): Item => ({
  id: r.s.id,
  user_id: r.s.userId,
  account: accountText(r),
  project_id: r.s.projectId,
  project: r.project,
  pay_currency: r.pay,
  amount: r.s.amount,
  rate: r.s.rate,
  tokens: r.s.tokens,
  status: r.s.status,
  allocated: r.s.allocated,
  refund: r.s.refund,
  close_at: r.closeAt.getTime(),
  created_at: r.s.createdAt.getTime(),
  reason: r.s.reason,
  reviewed_by: r.s.reviewedBy,
  reviewer: r.reviewer,
  reviewed_at: ms(r.s.reviewedAt),
  decidable: r.s.status === 'review' && !r.s.reviewedAt && !r.allocatedAt,
});

/**
 * Subscriptions with their evidence. Under review until their project's allocation, which the
 * subscription job runs at the close (pro rata when oversubscribed); before it a reviewer may
 * pass one (it stays in the allocation) or reject it with a reason (its payment returns).
 */
export async function subscriptionQueue(
  db: Db,
  q: z.output<typeof subscriptionQueueQuery>,
): Promise<{ list: Item[]; total: number; page: number }> {
  const where: SQL[] = [];
  if (q.status !== 'all') where.push(eq(subscriptions.status, q.status));
  if (q.project_id) where.push(eq(subscriptions.projectId, q.project_id));
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(q.status === 'review' ? asc(subscriptions.id) : desc(subscriptions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(...where));
  return { list: rows.map(view), total: total?.n ?? 0, page: q.page };
}

const decisionText = (s: typeof subscriptions.$inferSelect) =>
  auditText({
    status: s.status,
    amount: s.amount,
    tokens: s.tokens,
    reason: s.reason,
    reviewedBy: s.reviewedBy,
    reviewedAt: s.reviewedAt,
  });

/**
 * Passes or rejects one subscription under review, in the caller's transaction. Refused
 * (ALREADY_DECIDED) once an operator decided it or its project was allocated.
 *
 * Locks in the order subscribing and the allocation use (project, then subscription): the
 * project is held FOR SHARE, so the allocation, which claims it FOR UPDATE SKIP LOCKED, either
 * ran before (and the subscription is no longer under review) or waits for the next round.
 *
 * Pass records who and when; the subscription stays under review and the allocation decides
 * its tokens. Reject stores the reason and returns the frozen payment to available in one
 * posting; the allocation leaves it out.
 */
export async function decideSubscription(
  tx: Db,
  id: number,
  decision: ReviewDecision,
): Promise<{
  before: string | null;
  item: Item;
  audit: { before: string | null; after: string | null };
}> {
  const [target] = await tx
    .select({ projectId: subscriptions.projectId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  if (!target) throw new AppError('NOT_FOUND');
  const [project] = await tx
    .select({ allocatedAt: subscriptionProjects.allocatedAt })
    .from(subscriptionProjects)
    .where(eq(subscriptionProjects.id, target.projectId))
    .for('share');
  const [row] = await joined(tx)
    .where(eq(subscriptions.id, id))
    .for('update', { of: subscriptions });
  if (!row) throw new AppError('NOT_FOUND');
  if (project?.allocatedAt || row.s.status !== 'review' || row.s.reviewedAt)
    throw new AppError('ALREADY_DECIDED');
  const [updated] = await tx
    .update(subscriptions)
    .set({
      ...(decision.pass ? {} : { status: 'rejected' as const, reason: decision.reason }),
      reviewedBy: decision.adminId,
      reviewedAt: decision.at,
    })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.status, 'review'),
        isNull(subscriptions.reviewedAt),
      ),
    )
    .returning();
  if (!updated) throw new AppError('ALREADY_DECIDED');
  if (!decision.pass) {
    const account = { user: updated.userId, sub: 'currency' as const, coin: updated.payCoinId };
    const amount = new Decimal(updated.amount);
    await post(tx, {
      kind: 'subscription_reject',
      refType: 'subscription',
      refId: id,
      at: decision.at,
      idempotencyKey: `subscription:${id}:reject`,
      lines: [
        { account, bucket: 'frozen', amount: amount.negated() },
        { account, amount },
      ],
    });
  }
  const [after] = await joined(tx).where(eq(subscriptions.id, id));
  const before = decisionText(row.s);
  return { before, item: view(after!), audit: { before, after: decisionText(updated) } };
}
