import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, coins, users, type Db } from '@hx/db';
import { post, type Line } from '@hx/ledger';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../operator-core/audit.ts';
import { show } from '../coins/amounts.ts';

/** What demo funds credit to the spot (currency) account, by coin id: USDT, BTC, ETH. */
export const DEMO_FUNDS = [
  { coin: 3, amount: '10000' },
  { coin: 1, amount: '0.5' },
  { coin: 2, amount: '5' },
] as const;

/** A user may top up demo funds once per this long. */
export const DEMO_TOP_UP_EVERY_MS = 10 * 60_000;

export type DemoFundsAction = 'demo_funds.start' | 'demo_funds.top_up';

/**
 * Credits demo funds to a user's spot account from the treasury, in the caller's transaction:
 * one balanced ledger entry and an audit row whose actor is the system (no operator). With an
 * idempotency key the entry is posted once; a repeat writes nothing more.
 */
export async function creditDemoFunds(
  tx: Db,
  userId: number,
  how: { action: DemoFundsAction; at: Date; idempotencyKey?: string },
) {
  const lines: Line[] = DEMO_FUNDS.flatMap(({ coin, amount }) => [
    { account: { platform: 'treasury' as const, coin }, amount: `-${amount}` },
    { account: { user: userId, sub: 'currency' as const, coin }, amount },
  ]);
  const { entryId, replayed } = await post(tx, {
    kind: 'demo_funds',
    refType: 'user',
    refId: userId,
    idempotencyKey: how.idempotencyKey,
    memo: how.action,
    at: how.at,
    lines,
  });
  const list = await demoFundsList(tx);
  if (!replayed) {
    await writeAudit(tx, {
      adminId: null,
      action: how.action,
      targetType: 'user',
      targetId: userId,
      before: null,
      after: JSON.stringify({ entry: entryId, credited: list }),
      reason: 'demo mode',
      at: how.at,
    });
  }
  return { list };
}

/** The demo amounts with each coin's name, at the coin's decimals. */
async function demoFundsList(db: Db) {
  const rows = await db
    .select({ id: coins.id, name: coins.name, decimals: coins.decimals })
    .from(coins)
    .where(
      inArray(
        coins.id,
        DEMO_FUNDS.map((f) => f.coin),
      ),
    );
  return DEMO_FUNDS.map(({ coin, amount }) => {
    const row = rows.find((r) => r.id === coin);
    return {
      currency_id: coin,
      name: row?.name ?? String(coin),
      number: show(amount, row?.decimals ?? 0),
    };
  });
}

/** When `userId` may top up next (epoch ms), or null when they may now. */
export async function nextTopUpAt(tx: Db, userId: number, at: Date): Promise<number | null> {
  const [last] = await tx
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        eq(auditLog.action, 'demo_funds.top_up'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const next = last ? last.at.getTime() + DEMO_TOP_UP_EVERY_MS : 0;
  return next > at.getTime() ? next : null;
}

/**
 * A user's top-up, at most one per DEMO_TOP_UP_EVERY_MS (DEMO_FUNDS_TOO_SOON, with the minutes
 * left). The user's row is locked first, so two requests at once cannot both pass the check.
 */
export async function topUpDemoFunds(tx: Db, userId: number, at: Date) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const next = await nextTopUpAt(tx, userId, at);
  const wait = next === null ? 0 : next - at.getTime();
  if (wait > 0) throw new AppError('DEMO_FUNDS_TOO_SOON', { minutes: Math.ceil(wait / 60_000) });
  return creditDemoFunds(tx, userId, { action: 'demo_funds.top_up', at });
}
