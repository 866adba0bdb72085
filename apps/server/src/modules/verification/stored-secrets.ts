import { eq } from 'drizzle-orm';
import { users, type Db } from '@hx/db';

/**
 * A user's password hashes as stored now. A request's user is a session's copy, remembered for
 * up to SESSION_MEMORY_MS (and longer than that in another process's view of a change): a proof
 * of a password checks the one that counts, not one just changed elsewhere.
 */
export async function storedSecrets(
  db: Db,
  userId: number,
): Promise<{ passwordHash: string; payPasswordHash: string | null } | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, payPasswordHash: users.payPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
