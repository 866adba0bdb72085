import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminWithdrawal, moneyQueueQuery } from '@hx/protocol';
import { coins, users, withdrawals, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { AppError } from '../../lib/errors.ts';
import type { AfterCommit } from '../notifications/notify.ts';
import { accountText } from '../kyc/review.ts';
import { ms } from '../../lib/clock.ts';
import { show } from '../coins/amounts.ts';
import type { ReviewDecision } from '../operator-core/decision.ts';
import type { ExplorerLink } from '../deposit/review.ts';

type Item = z.infer<typeof adminWithdrawal>;
const columns = {
  w: withdrawals,
  name: coins.name,
  decimals: coins.decimals,
  email: users.email,
  phone: users.phone,
  areaCode: users.areaCode,
};
type Joined = {
  w: typeof withdrawals.$inferSelect;
  name: string;
  decimals: number;
  email: string | null;
  phone: string | null;
  areaCode: string | null;
};

const view = (r: Joined, explorer: ExplorerLink = () => null): Item => ({
  id: r.w.id,
  user_id: r.w.userId,
  account: accountText(r),
  status: r.w.status,
  currency_id: r.w.coinId,
  name: r.name,
  network: r.w.network,
  address: r.w.destination,
  bank: r.w.bank ?? null,
  number: show(r.w.amount, r.decimals),
  fee: show(r.w.fee, r.decimals),
  receive: show(r.w.receive, r.decimals),
  remark: r.w.remark,
  reason: r.w.reason,
  reviewed_by: r.w.reviewedBy,
  created_at: r.w.createdAt.getTime(),
  reviewed_at: ms(r.w.reviewedAt),
  chain_status: r.w.chainStatus,
  chain_error: r.w.chainError,
  tx_hash: r.w.txHash,
  explorer_url: explorer(r.w.network, r.w.txHash),
  confirmations: r.w.confirmations,
  confirmations_required: null,
});

const joined = (db: Db) =>
  db
    .select(columns)
    .from(withdrawals)
    .innerJoin(coins, eq(coins.id, withdrawals.coinId))
    .innerJoin(users, eq(users.id, withdrawals.userId));

/** One withdrawal as the queue shows it (four eyes answers with it after a first pass). */
export async function withdrawalItem(db: Db, id: number): Promise<Item | undefined> {
  const [row] = await joined(db).where(eq(withdrawals.id, id));
  return row && view(row);
}

/** The withdrawal queue with its evidence: `review` oldest first, others newest first. */
export async function withdrawalQueue(
  db: Db,
  query: z.output<typeof moneyQueueQuery>,
  explorer?: ExplorerLink,
) {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(withdrawals.status, query.status));
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(query.status === 'review' ? asc(withdrawals.id) : desc(withdrawals.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(...where));
  return { list: rows.map((r) => view(r, explorer)), total: total?.n ?? 0, page: query.page };
}

/**
 * Pass: the frozen amount leaves, `receive` to the treasury (paid out) and the fee to the fees
 * account. Reject: the frozen amount returns to available. In the caller's transaction, with
 * the row locked so it is decided once. On a network the signer pays (`paysOnChain`), a pass
 * also queues the payout for it (modules/chain).
 */
export async function decideWithdrawal(
  tx: Db,
  id: number,
  decision: ReviewDecision,
  after: AfterCommit,
  paysOnChain: (network: string, coin: string) => boolean = () => false,
): Promise<{ before: string; item: Item }> {
  const [row] = await joined(tx).where(eq(withdrawals.id, id)).for('update', { of: withdrawals });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.w.status !== 'review') throw new AppError('ALREADY_DECIDED');
  const [updated] = await tx
    .update(withdrawals)
    .set({
      status: decision.pass ? 'passed' : 'rejected',
      reason: decision.reason,
      reviewedBy: decision.adminId,
      reviewedAt: decision.at,
      ...(decision.pass && paysOnChain(row.w.network, row.name)
        ? // Paid again after a failure: its news are told again (chain/payout-notices.ts).
          { chainStatus: 'queued' as const, chainError: null, chainTold: null }
        : {}),
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review')))
    .returning();
  if (!updated) throw new AppError('ALREADY_DECIDED');
  const onChain = updated.chainStatus === 'queued';
  const { userId, coinId, amount, fee, receive } = row.w;
  const spot = { user: userId, sub: 'currency' as const, coin: coinId };
  const entry = { refType: 'withdrawal', refId: id, at: decision.at };
  if (decision.pass) {
    await post(tx, {
      ...entry,
      kind: 'withdraw',
      lines: [
        { account: spot, bucket: 'frozen', amount: new Decimal(receive).negated() },
        { account: { platform: 'treasury', coin: coinId }, amount: receive },
      ],
    });
    if (new Decimal(fee).greaterThan(0)) {
      await post(tx, {
        ...entry,
        kind: 'withdraw_fee',
        lines: [
          { account: spot, bucket: 'frozen', amount: new Decimal(fee).negated() },
          { account: { platform: 'fees', coin: coinId }, amount: fee },
        ],
      });
    }
  } else {
    await post(tx, {
      ...entry,
      kind: 'withdraw_unfreeze',
      lines: [
        { account: spot, bucket: 'frozen', amount: new Decimal(amount).negated() },
        { account: spot, bucket: 'available', amount },
      ],
    });
  }
  const told = { amount: show(amount, row.decimals), coin: row.name };
  await after.notify(
    tx,
    decision.pass
      ? {
          userId,
          at: decision.at,
          kind: 'withdrawal_passed',
          facts: {
            withdrawal_id: id,
            ...told,
            network: row.w.network,
            address: row.w.destination,
            // Approved is not sent: only the signer's transaction is (none in demo mode).
            sending: onChain ? 'withdrawal_chain' : 'withdrawal_by_hand',
          },
        }
      : {
          userId,
          at: decision.at,
          kind: 'withdrawal_rejected',
          facts: { withdrawal_id: id, ...told, reason: decision.reason ?? '' },
        },
  );
  return { before: row.w.status, item: view({ ...row, w: updated }) };
}
