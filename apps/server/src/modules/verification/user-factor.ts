import { and, eq, isNotNull } from 'drizzle-orm';
import { twoFactor, type Db } from '@hx/db';
import { factorOf, type Holder } from './factor.ts';

/** The `two_factor` rows of users (operators have their own, subject 'admin'). */
export const USER = 'user';
export const asUser = (userId: number): Holder => ({ subject: USER, id: userId });

export const twoFactorOf = (db: Pick<Db, 'select'>, userId: number) => factorOf(db, asUser(userId));

/** Whether the user's authenticator is on (set up and proven with a first code). */
export async function twoFactorOn(db: Pick<Db, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: twoFactor.subjectId })
    .from(twoFactor)
    .where(
      and(
        eq(twoFactor.subject, USER),
        eq(twoFactor.subjectId, userId),
        isNotNull(twoFactor.secret),
        isNotNull(twoFactor.enabledAt),
      ),
    );
  return row !== undefined;
}
