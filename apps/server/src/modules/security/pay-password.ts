import { eq } from 'drizzle-orm';
import { loginFailures, users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { takeAttempt } from '../verification/attempts.ts';
import { storedSecrets } from '../verification/stored-secrets.ts';
import { consumeCode } from '../verification/codes.ts';
import { requireTotp } from '../verification/authenticator.ts';
import { destinationOfUser } from '../verification/codes.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { lockWithdrawals } from './withdraw-lock.ts';

/** Five wrong fund passwords within 15 minutes lock it for 15 minutes. */
export const PAY_LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_PAY_FAILURES = 5;

const keyOf = (userId: number) => `pay:${userId}`;

const locked = () => new AppError('PAY_PASSWORD_LOCKED', { minutes: PAY_LOCK_WINDOW_MS / 60_000 });

/**
 * Checks the fund password: PAY_PASSWORD_NOT_SET, PAY_PASSWORD_WRONG, and PAY_PASSWORD_LOCKED
 * after too many wrong tries (so 6 digits cannot be guessed). The try is counted before the
 * hash is checked, so concurrent guesses cannot exceed the limit, and outside any request
 * transaction, so a refused request still counts.
 */
export async function verifyPayPassword(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  password: string,
): Promise<void> {
  // The stored hash, as for the login password (stored-secrets.ts).
  const hash = (await storedSecrets(app.db, user.id))?.payPasswordHash;
  if (!hash) throw new AppError('PAY_PASSWORD_NOT_SET');
  const key = keyOf(user.id);
  const attempt = await takeAttempt(app, [{ key, max: MAX_PAY_FAILURES }], PAY_LOCK_WINDOW_MS);
  if (!attempt) throw locked();
  if (await verifyPassword(hash, password)) return attempt.succeeded([key]);
  if (attempt.counts[0]! >= MAX_PAY_FAILURES) throw locked();
  throw new AppError('PAY_PASSWORD_WRONG');
}

/**
 * Sets (or resets) the fund password with a 'security' code sent to the user's own account.
 * Changing one already set locks withdrawals for 24 h, as a new login password does: whoever
 * holds a stolen session and the mailbox must not set their own and withdraw at once. The first
 * one locks nothing (there was nothing to withdraw with before).
 */
export async function setPayPassword(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log'>,
  user: User,
  input: { pay_password: string; code: string; totp?: string },
): Promise<void> {
  await requireTotp(app, user.id, input.totp);
  await consumeCode(app, destinationOfUser(user), 'security', input.code);
  const payPasswordHash = await hashPassword(input.pay_password);
  const after = new AfterCommit();
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    await tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
    if (before?.hash) await lockWithdrawals(tx, user.id, app.clock.now());
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
