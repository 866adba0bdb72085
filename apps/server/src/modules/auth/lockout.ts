import { inArray } from 'drizzle-orm';
import { loginFailures } from '@hx/db';
import type { App } from '../../app.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { takeAttempt } from './attempts.ts';

export const LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** From the third failure on, each answer waits a little longer (capped). */
const SLOW_FROM = 3;
const SLOW_STEP_MS = 250;
const SLOW_CAP_MS = 2000;

const accountKey = (destination: string) => `account:${destination}`;
const addressKey = (ip: string) => `ip:${ip}`;

const lockedError = () => new AppError('LOGIN_LOCKED', { minutes: LOCK_WINDOW_MS / 60_000 });

export interface LoginAttempt {
  /** A wrong password: slows the answer; LOGIN_FAILED, or LOGIN_LOCKED on the last allowed try. */
  failed(delay?: (ms: number) => Promise<unknown>): Promise<never>;
  /** The right password: this attempt and the account's earlier failures no longer count. */
  succeeded(): Promise<void>;
}

/**
 * Takes a login attempt for the account (`destination`, or an operator's key) from `ip` before
 * the password is checked; LOGIN_LOCKED while the account or the address is locked. Taken first
 * so that concurrent guesses cannot exceed the limits (see takeAttempt).
 */
export async function startLoginAttempt(
  app: App,
  destination: string,
  ip: string,
): Promise<LoginAttempt> {
  const account = accountKey(destination);
  const attempt = await takeAttempt(
    app,
    [
      { key: account, max: MAX_FAILURES_PER_ACCOUNT },
      { key: addressKey(ip), max: MAX_FAILURES_PER_ADDRESS },
    ],
    LOCK_WINDOW_MS,
  );
  if (!attempt) throw lockedError();
  const failures = attempt.counts[0]!;
  return {
    async failed(delay = sleep) {
      if (failures >= SLOW_FROM)
        await delay(Math.min((failures - SLOW_FROM + 1) * SLOW_STEP_MS, SLOW_CAP_MS));
      if (failures >= MAX_FAILURES_PER_ACCOUNT) throw lockedError();
      throw new AppError('LOGIN_FAILED');
    },
    succeeded: () => attempt.succeeded([account]),
  };
}

/**
 * The old password of `safe/update_password`, limited like a login (five wrong in 15 minutes
 * lock the change for 15), so a borrowed session cannot guess it: OLD_PASSWORD_WRONG.
 */
export async function checkOldPassword(app: App, user: User, password: string): Promise<void> {
  const key = `password:${user.id}`;
  const attempt = await takeAttempt(app, [{ key, max: MAX_FAILURES_PER_ACCOUNT }], LOCK_WINDOW_MS);
  if (!attempt) throw lockedError();
  if (await verifyPassword(user.passwordHash, password)) return attempt.succeeded([key]);
  if (attempt.counts[0]! >= MAX_FAILURES_PER_ACCOUNT) throw lockedError();
  throw new AppError('OLD_PASSWORD_WRONG');
}

export async function clearFailures(app: App, destination: string): Promise<void> {
  await app.db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(destination)]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
