import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminSubscription, subscriptionQueueQuery } from '@hx/contracts';
import { coins, subscriptionProjects, subscriptions, users, type Db } from '@hx/db';
import { alias } from 'drizzle-orm/pg-core';
import { accountText } from '../kyc/review.ts';

const token = alias(coins, 'token');

/**
 * Subscriptions under review wait for their project's allocation, which the subscription job
 * runs at the close (pro rata when oversubscribed): operators watch them here, they do not
 * decide them one by one.
 */
export async function subscriptionQueue(
  db: Db,
  q: z.output<typeof subscriptionQueueQuery>,
): Promise<{ list: z.infer<typeof adminSubscription>[]; total: number; page: number }> {
  const where: SQL[] = [];
  if (q.status !== 'all') where.push(eq(subscriptions.status, q.status));
  if (q.project_id) where.push(eq(subscriptions.projectId, q.project_id));
  const rows = await db
    .select({
      s: subscriptions,
      email: users.email,
      phone: users.phone,
      areaCode: users.areaCode,
      project: token.name,
      pay: coins.name,
      closeAt: subscriptionProjects.closeAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptions.projectId))
    .innerJoin(token, eq(token.id, subscriptionProjects.coinId))
    .innerJoin(coins, eq(coins.id, subscriptions.payCoinId))
    .where(and(...where))
    .orderBy(q.status === 'review' ? asc(subscriptions.id) : desc(subscriptions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(...where));
  return {
    list: rows.map((r) => ({
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
    })),
    total: total?.n ?? 0,
    page: q.page,
  };
}
