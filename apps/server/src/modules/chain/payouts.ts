import { and, asc, eq } from 'drizzle-orm';
import { withdrawals } from '@hx/db';
import { post, type Line } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';

/**
 * A passed withdrawal whose broadcast the signer gave up on (`chain_status` failed) goes back to
 * the operator: in one ledger job, guarded so it happens once, the pass is undone (what went to
 * the treasury and the fee account is frozen for the user again) and the withdrawal is under
 * review again, its `chain_error` saying why. The operator passes it again (the signer retries)
 * or rejects it (the user gets it back). Answers how many went back.
 */
export async function returnFailedWithdrawals(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger' | 'log'>,
): Promise<number> {
  const failed = await app.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'passed'), eq(withdrawals.chainStatus, 'failed')))
    .orderBy(asc(withdrawals.id));
  let returned = 0;
  for (const { id } of failed) {
    const at = app.clock.now();
    const done = await app.ledger.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({
          status: 'review',
          reviewedBy: null,
          reviewedAt: null,
          firstPassedBy: null,
          firstPassedAt: null,
        })
        .where(
          and(
            eq(withdrawals.id, id),
            eq(withdrawals.status, 'passed'),
            eq(withdrawals.chainStatus, 'failed'),
          ),
        )
        .returning();
      if (!row) return false;
      const lines: Line[] = [
        { account: { platform: 'treasury', coin: row.coinId }, amount: `-${row.receive}` },
        {
          account: { user: row.userId, sub: 'currency', coin: row.coinId },
          bucket: 'frozen',
          amount: row.amount,
        },
      ];
      if (new Decimal(row.fee).greaterThan(0))
        lines.push({ account: { platform: 'fees', coin: row.coinId }, amount: `-${row.fee}` });
      await post(tx, { kind: 'withdraw_return', refType: 'withdrawal', refId: id, at, lines });
      return true;
    });
    if (done) {
      returned++;
      app.log.warn({ withdrawal: id }, 'payout failed: the withdrawal is back under review');
    }
  }
  return returned;
}
