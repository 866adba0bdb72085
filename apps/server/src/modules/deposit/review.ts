import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminDeposit, moneyQueueQuery } from '@hx/contracts';
import { coins, deposits, users, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { AppError } from '../../lib/errors.ts';
import { accountText } from '../kyc/review.ts';
import { ms, show } from '../wallet/coins.ts';

type Item = z.infer<typeof adminDeposit>;
const columns = {
  d: deposits,
  name: coins.name,
  decimals: coins.decimals,
  email: users.email,
  phone: users.phone,
  areaCode: users.areaCode,
};
type Joined = {
  d: typeof deposits.$inferSelect;
  name: string;
  decimals: number;
  email: string | null;
  phone: string | null;
  areaCode: string | null;
};

const view = (r: Joined): Item => ({
  id: r.d.id,
  user_id: r.d.userId,
  account: accountText(r),
  status: r.d.status,
  currency_id: r.d.coinId,
  name: r.name,
  network: r.d.network,
  address: r.d.address,
  number: show(r.d.amount, r.decimals),
  voucher: r.d.voucher,
  reason: r.d.reason,
  reviewed_by: r.d.reviewedBy,
  created_at: r.d.createdAt.getTime(),
  reviewed_at: ms(r.d.reviewedAt),
});

const joined = (db: Db) =>
  db
    .select(columns)
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .innerJoin(users, eq(users.id, deposits.userId));

/** The deposit queue with its evidence: `review` oldest first, other statuses newest first. */
export async function depositQueue(db: Db, query: z.output<typeof moneyQueueQuery>) {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(deposits.status, query.status));
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(query.status === 'review' ? asc(deposits.id) : desc(deposits.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(...where));
  return { list: rows.map(view), total: total?.n ?? 0, page: query.page };
}

/**
 * Passes (credits the user's currency account from the treasury) or rejects a deposit under
 * review, in the caller's transaction, with the row locked so it is decided once.
 */
export async function decideDeposit(
  tx: Db,
  id: number,
  decision: { pass: boolean; adminId: number; reason: string | null; at: Date },
): Promise<{ before: string; item: Item }> {
  const [row] = await joined(tx).where(eq(deposits.id, id)).for('update', { of: deposits });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.d.status !== 'review') throw new AppError('ALREADY_DECIDED');
  const [updated] = await tx
    .update(deposits)
    .set({
      status: decision.pass ? 'passed' : 'rejected',
      reason: decision.reason,
      reviewedBy: decision.adminId,
      reviewedAt: decision.at,
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'review')))
    .returning();
  if (!updated) throw new AppError('ALREADY_DECIDED');
  if (decision.pass) {
    await post(tx, {
      kind: 'deposit',
      refType: 'deposit',
      refId: id,
      at: decision.at,
      lines: [
        { account: { platform: 'treasury', coin: row.d.coinId }, amount: `-${row.d.amount}` },
        {
          account: { user: row.d.userId, sub: 'currency', coin: row.d.coinId },
          amount: row.d.amount,
        },
      ],
    });
  }
  return { before: row.d.status, item: view({ ...row, d: updated }) };
}
