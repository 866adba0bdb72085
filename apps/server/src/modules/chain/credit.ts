import { and, asc, eq, sql } from 'drizzle-orm';
import { coins, deposits } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { creditDeposit, depositNotice } from '../deposit/review.ts';

/**
 * Credits the network's confirming deposits whose block has its confirmations as of processed
 * `height`: each in its own ledger job, where the status change from `confirming` to `passed`
 * (guarded, so twice is impossible, even across processes) commits with the entry from the
 * treasury and the user's notification. Answers how many were credited.
 */
export async function creditConfirmed(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'ledger' | 'log'>,
  network: string,
  height: number,
) {
  const due = await app.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.network, network),
        eq(deposits.status, 'confirming'),
        sql`${deposits.blockNumber} + ${deposits.confirmationsRequired} - 1 <= ${height}`,
      ),
    )
    .orderBy(asc(deposits.id));
  let credited = 0;
  for (const { id } of due) {
    const after = new AfterCommit();
    const at = app.clock.now();
    const done = await app.ledger.transaction(async (tx) => {
      const [row] = await tx
        .update(deposits)
        .set({ status: 'passed', confirmations: sql`${deposits.confirmationsRequired}` })
        .where(and(eq(deposits.id, id), eq(deposits.status, 'confirming')))
        .returning();
      if (!row) return false;
      const [coin] = await tx
        .select({ name: coins.name, decimals: coins.decimals })
        .from(coins)
        .where(eq(coins.id, row.coinId));
      await creditDeposit(tx, row, row.amount, at);
      await after.notify(tx, depositNotice(coin!, row, at));
      return true;
    });
    if (!done) continue;
    credited++;
    await after.send(app);
  }
  return credited;
}
