import { eq } from 'drizzle-orm';
import { bankCards, withdrawAddresses, type Db } from '@hx/db';
import { AppError } from '../../lib/errors.ts';
import { lockedUntil, protectionsOf, usableAt, utcMinute, whitelistAt } from './protection.ts';

/**
 * Refuses a withdrawal while withdrawals are locked after a security change
 * (WITHDRAW_LOCKED_UNTIL), and, with the whitelist on, to an address or bank card saved less
 * than 24 h ago (WHITELIST_ADDRESS_TOO_NEW). Both name the time it opens.
 */
export async function assertMayWithdraw(
  db: Pick<Db, 'select'>,
  userId: number,
  target: { addressId: number | null; bankCardId: number | null },
  now: Date,
): Promise<void> {
  const row = await protectionsOf(db, userId);
  const until = lockedUntil(row, now);
  if (until) throw new AppError('WITHDRAW_LOCKED_UNTIL', { until: utcMinute(until) });
  const whitelist = whitelistAt(row, now);
  if (!whitelist.on) return;
  const [saved] = target.addressId
    ? await db
        .select({ at: withdrawAddresses.createdAt })
        .from(withdrawAddresses)
        .where(eq(withdrawAddresses.id, target.addressId))
    : await db
        .select({ at: bankCards.createdAt })
        .from(bankCards)
        .where(eq(bankCards.id, target.bankCardId ?? 0));
  if (!saved) throw new AppError('NOT_FOUND');
  const opens = usableAt(saved.at, whitelist, now);
  if (opens) throw new AppError('WHITELIST_ADDRESS_TOO_NEW', { at: utcMinute(opens) });
}
