import { and, count, eq, gt } from 'drizzle-orm';
import { loginFailures, users } from '@hx/db';
import type { App } from '../../app.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { consumeCode } from '../auth/codes.ts';
import { destinationOfUser } from '../wallet/coins.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { AfterCommit } from '../notifications/notify.ts';

/** Five wrong fund passwords within 15 minutes lock it for 15 minutes. */
export const PAY_LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_PAY_FAILURES = 5;

const keyOf = (userId: number) => `pay:${userId}`;

async function failures(app: App, userId: number): Promise<number> {
  const since = new Date(app.clock.now().getTime() - PAY_LOCK_WINDOW_MS);
  const [row] = await app.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, keyOf(userId)), gt(loginFailures.createdAt, since)));
  return row?.n ?? 0;
}

const locked = () => new AppError('PAY_PASSWORD_LOCKED', { minutes: PAY_LOCK_WINDOW_MS / 60_000 });

/**
 * Checks the fund password: PAY_PASSWORD_NOT_SET, PAY_PASSWORD_WRONG, and PAY_PASSWORD_LOCKED
 * after too many wrong tries (so 6 digits cannot be guessed). Failures are recorded outside any
 * request transaction, so a refused request still counts.
 */
export async function verifyPayPassword(app: App, user: User, password: string): Promise<void> {
  if (!user.payPasswordHash) throw new AppError('PAY_PASSWORD_NOT_SET');
  if ((await failures(app, user.id)) >= MAX_PAY_FAILURES) throw locked();
  if (await verifyPassword(user.payPasswordHash, password)) {
    await app.db.delete(loginFailures).where(eq(loginFailures.key, keyOf(user.id)));
    return;
  }
  await app.db.insert(loginFailures).values({ key: keyOf(user.id), createdAt: app.clock.now() });
  if ((await failures(app, user.id)) >= MAX_PAY_FAILURES) throw locked();
  throw new AppError('PAY_PASSWORD_WRONG');
}

/** Sets (or resets) the fund password with a 'security' code sent to the user's own account. */
export async function setPayPassword(
  app: App,
  user: User,
  input: { pay_password: string; code: string },
): Promise<void> {
  await consumeCode(app, destinationOfUser(user), 'security', input.code);
  const payPasswordHash = await hashPassword(input.pay_password);
  const after = new AfterCommit();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
    await after.notify(tx, {
      userId: user.id,
      kind: 'security_fund_password_changed',
      facts: {},
      at: app.clock.now(),
    });
  });
  sessionsChanged();
  await app.db.delete(loginFailures).where(eq(loginFailures.key, keyOf(user.id)));
  await after.send(app);
}
