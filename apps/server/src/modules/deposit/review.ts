import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminDeposit, depositQueueQuery } from '@hx/protocol';
import { coins, deposits, users, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { AppError } from '../../lib/errors.ts';
import type { AfterCommit } from '../notifications/notify.ts';
import { accountText } from '../kyc/review.ts';
import { Decimal } from '@hx/money';
import { assertPrecision, show } from '../coins/amounts.ts';
import { ms } from '../../lib/clock.ts';
import type { ReviewDecision } from '../operator-core/decision.ts';

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

/** The explorer's page of a transaction (modules/chain): none unless given. */
export type ExplorerLink = (network: string, txHash: string | null) => string | null;
const noLink: ExplorerLink = () => null;

const view = (r: Joined, explorer: ExplorerLink = noLink): Item => ({
  id: r.d.id,
  user_id: r.d.userId,
  account: accountText(r),
  status: r.d.status,
  currency_id: r.d.coinId,
  name: r.name,
  network: r.d.network,
  address: r.d.address,
  number: show(r.d.amount, r.decimals),
  credited_amount: r.d.creditedAmount === null ? null : show(r.d.creditedAmount, r.decimals),
  voucher: r.d.voucher,
  reason: r.d.reason,
  reviewed_by: r.d.reviewedBy,
  created_at: r.d.createdAt.getTime(),
  reviewed_at: ms(r.d.reviewedAt),
  from_address: r.d.fromAddress,
  tx_hash: r.d.txHash,
  explorer_url: explorer(r.d.network, r.d.txHash),
  confirmations: r.d.confirmations,
  confirmations_required: r.d.confirmationsRequired,
});

const joined = (db: Db) =>
  db
    .select(columns)
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .innerJoin(users, eq(users.id, deposits.userId));

/** The deposit queue with its evidence: `review` oldest first, other statuses newest first. */
export async function depositQueue(
  db: Db,
  query: z.output<typeof depositQueueQuery>,
  explorer: ExplorerLink = noLink,
) {
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
  return { list: rows.map((r) => view(r, explorer)), total: total?.n ?? 0, page: query.page };
}

/**
 * Passes (credits the user's currency account from the treasury) or rejects a deposit under
 * review, in the caller's transaction, with the row locked so it is decided once.
 * `credited` (pass only) is what arrived when it differs from the reported amount: it is
 * credited instead and kept in `credited_amount`; the audit then names both amounts.
 */
export async function decideDeposit(
  tx: Db,
  id: number,
  decision: ReviewDecision,
  after: AfterCommit,
): Promise<{ before: string; item: Item; audit?: { before: string; after: string } }> {
  const [row] = await joined(tx).where(eq(deposits.id, id)).for('update', { of: deposits });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.d.status !== 'review') throw new AppError('ALREADY_DECIDED');
  const reported = new Decimal(row.d.amount);
  let corrected: Decimal | null = null;
  if (decision.pass && decision.credited !== undefined) {
    const credited = assertPrecision(decision.credited, { decimals: row.decimals });
    if (!credited.equals(reported)) corrected = credited;
  }
  const [updated] = await tx
    .update(deposits)
    .set({
      status: decision.pass ? 'passed' : 'rejected',
      creditedAmount: corrected ? corrected.toFixed() : null,
      reason: decision.reason,
      reviewedBy: decision.adminId,
      reviewedAt: decision.at,
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'review')))
    .returning();
  if (!updated) throw new AppError('ALREADY_DECIDED');
  if (decision.pass) await creditDeposit(tx, row.d, (corrected ?? reported).toFixed(), decision.at);
  const item = view({ ...row, d: updated });
  await after.notify(tx, depositNotice(row, updated, decision.at));
  if (!corrected) return { before: row.d.status, item };
  return {
    before: row.d.status,
    item,
    audit: {
      before: `${row.d.status}: reported ${item.number} ${row.name}`,
      after: `${updated.status}: credited ${item.credited_amount ?? ''} ${row.name}`,
    },
  };
}

/**
 * A deposit's money: the treasury (the outside world) pays the user's currency account. The
 * operator's pass and the chain watcher's credit both come here.
 */
export async function creditDeposit(
  tx: Db,
  d: Pick<typeof deposits.$inferSelect, 'id' | 'userId' | 'coinId'>,
  amount: string,
  at: Date,
) {
  await post(tx, {
    kind: 'deposit',
    refType: 'deposit',
    refId: d.id,
    at,
    lines: [
      { account: { platform: 'treasury', coin: d.coinId }, amount: `-${amount}` },
      { account: { user: d.userId, sub: 'currency', coin: d.coinId }, amount },
    ],
  });
}

/** What the user is told: the amount credited (the corrected one, if any), or the reason. */
export function depositNotice(
  row: Pick<Joined, 'name' | 'decimals'>,
  decided: typeof deposits.$inferSelect,
  at: Date,
) {
  const amount = show(decided.creditedAmount ?? decided.amount, row.decimals);
  const { userId, id } = decided;
  return decided.status === 'passed'
    ? {
        userId,
        at,
        kind: 'deposit_credited' as const,
        facts: {
          deposit_id: id,
          currency_id: decided.coinId,
          amount,
          coin: row.name,
          network: decided.network,
        },
      }
    : {
        userId,
        at,
        kind: 'deposit_rejected' as const,
        facts: { deposit_id: id, amount, coin: row.name, reason: decided.reason ?? '' },
      };
}
