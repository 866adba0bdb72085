import { eq } from 'drizzle-orm';
import { passkeys, type Db } from '@hx/db';
import type { AfterCommit } from '../notifications/notify.ts';

/**
 * Deletes every passkey of the user in the caller's transaction and tells them (a password
 * reset, support ending all sessions): a passkey logs in without the password or the second
 * factor, so one made by whoever held the account must not outlive the recovery. Answers how
 * many there were.
 */
export async function removeAllPasskeys(
  tx: Db,
  after: AfterCommit,
  userId: number,
  at: Date,
): Promise<number> {
  const gone = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  if (gone.length > 0)
    await after.notify(tx, {
      userId,
      kind: 'security_passkeys_removed',
      facts: { count: gone.length },
      at,
    });
  return gone.length;
}
