import { desc, eq } from 'drizzle-orm';
import { CHAT_CONTEXT_RECENT, type ChatContext, type KycState } from '@hx/protocol';
import { coins, deposits, users, withdrawals } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { accountText } from '../kyc/review.ts';
import { show } from '../coins/amounts.ts';

/**
 * Beside a conversation, what support needs to answer "where is my deposit?" without leaving
 * the inbox: who the user is, their KYC state and their latest deposits and withdrawals.
 */
export async function chatContext(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
): Promise<ChatContext> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND');
  const [paid, taken] = await Promise.all([
    app.db
      .select({ d: deposits, name: coins.name, decimals: coins.decimals })
      .from(deposits)
      .innerJoin(coins, eq(coins.id, deposits.coinId))
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.id))
      .limit(CHAT_CONTEXT_RECENT),
    app.db
      .select({ w: withdrawals, name: coins.name, decimals: coins.decimals })
      .from(withdrawals)
      .innerJoin(coins, eq(coins.id, withdrawals.coinId))
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(CHAT_CONTEXT_RECENT),
  ]);
  return {
    user_id: user.id,
    account: accountText(user),
    nickname: user.nickname,
    frozen: user.frozen,
    kyc: { basic: user.kycBasic as KycState, advanced: user.kycAdvanced as KycState },
    registered_at: user.createdAt.getTime(),
    deposits: paid.map(({ d, name, decimals }) => ({
      id: d.id,
      name,
      network: d.network,
      number: show(d.amount, decimals),
      credited_amount: d.creditedAmount === null ? null : show(d.creditedAmount, decimals),
      status: d.status,
      created_at: d.createdAt.getTime(),
    })),
    withdrawals: taken.map(({ w, name, decimals }) => ({
      id: w.id,
      name,
      network: w.network,
      number: show(w.amount, decimals),
      status: w.status,
      created_at: w.createdAt.getTime(),
    })),
  };
}
