import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { coins, withdrawals } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AfterCommit } from '../notifications/notify.ts';

const TOLD = ['sent', 'confirmed', 'failed'] as const;
type Told = (typeof TOLD)[number];
const KIND = {
  sent: 'withdrawal_sent',
  confirmed: 'withdrawal_confirmed',
  failed: 'withdrawal_failed',
} as const;

/**
 * Tells users where their payout is, on every network the signer pays: sent, confirmed, or
 * failed (then back under review). The signer only writes `chain_status`; the API server, each
 * chain round, notices a status the user was not told yet (`chain_told`) and tells it, in one
 * transaction with marking it told (guarded, so once, whichever process gets there first), then
 * pushes it. A payout that went from sent to confirmed between two rounds is told confirmed only.
 * Answers how many were told.
 */
export async function tellPayouts(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log'>,
): Promise<number> {
  const due = await app.db
    .select({ id: withdrawals.id, status: withdrawals.chainStatus, told: withdrawals.chainTold })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.chainStatus, [...TOLD]),
        or(
          sql`${withdrawals.chainTold} is null`,
          sql`${withdrawals.chainTold} <> ${withdrawals.chainStatus}`,
        ),
      ),
    )
    .orderBy(asc(withdrawals.id));
  let told = 0;
  for (const row of due) {
    const status = row.status as Told;
    const after = new AfterCommit();
    const done = await app.db.transaction(async (tx) => {
      const [w] = await tx
        .update(withdrawals)
        .set({ chainTold: status })
        .where(
          and(
            eq(withdrawals.id, row.id),
            eq(withdrawals.chainStatus, status),
            row.told === null
              ? sql`${withdrawals.chainTold} is null`
              : eq(withdrawals.chainTold, row.told),
          ),
        )
        .returning();
      if (!w) return false;
      const [coin] = await tx
        .select({ name: coins.name, decimals: coins.decimals })
        .from(coins)
        .where(eq(coins.id, w.coinId));
      await after.notify(tx, {
        userId: w.userId,
        at: app.clock.now(),
        kind: KIND[status],
        facts: {
          withdrawal_id: w.id,
          amount: new Decimal(w.receive).toFixed(),
          coin: coin?.name ?? '',
          network: w.network,
          tx_hash: w.txHash,
        },
      });
      return true;
    });
    if (!done) continue;
    told++;
    await after.send(app);
  }
  return told;
}
