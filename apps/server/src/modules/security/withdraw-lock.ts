import { sql } from 'drizzle-orm';
import { accountSecurity, type Db } from '@hx/db';

/** How long withdrawals stay locked after a change that an attacker holding a session could make. */
export const WITHDRAW_LOCK_MS = 24 * 60 * 60_000;

/**
 * Locks withdrawals for 24 h from `now` (a later lock already in place is kept). Call it inside
 * the transaction that makes the change, so the change and the lock commit together.
 */
export async function lockWithdrawals(
  db: Pick<Db, 'insert'>,
  userId: number,
  now: Date,
): Promise<Date> {
  const until = new Date(now.getTime() + WITHDRAW_LOCK_MS);
  await db
    .insert(accountSecurity)
    .values({ userId, withdrawLockedUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: accountSecurity.userId,
      set: {
        withdrawLockedUntil: sql`greatest(coalesce(${accountSecurity.withdrawLockedUntil}, ${until}), ${until})`,
        updatedAt: now,
      },
    });
  return until;
}
