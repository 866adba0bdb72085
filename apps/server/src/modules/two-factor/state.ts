import { and, eq, isNotNull } from 'drizzle-orm';
import { twoFactor, type Db } from '@hx/db';

/** The `two_factor` rows of users (operators have their own, subject 'admin'). */
export const USER = 'user';
export const ofUser = (userId: number) =>
  and(eq(twoFactor.subject, USER), eq(twoFactor.subjectId, userId));

export async function twoFactorOf(db: Pick<Db, 'select'>, userId: number) {
  const [row] = await db.select().from(twoFactor).where(ofUser(userId));
  return row;
}

/** Whether the user's authenticator is on (set up and proven with a first code). */
export async function twoFactorOn(db: Pick<Db, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: twoFactor.subjectId })
    .from(twoFactor)
    .where(and(ofUser(userId), isNotNull(twoFactor.secret), isNotNull(twoFactor.enabledAt)));
  return row !== undefined;
}
