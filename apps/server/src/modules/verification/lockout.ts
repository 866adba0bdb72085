import { eq, like, or } from 'drizzle-orm';
import { loginFailures } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { takeAttempt } from './attempts.ts';
import { storedSecrets } from './stored-secrets.ts';

export const LOCK_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one account from one address before that address is locked out of it. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/**
 * Wrong passwords for one user account from every address together after which a password
 * alone no longer logs in: a code to the account's mailbox or phone must come with it.
 */
export const CODE_AFTER_FAILURES = 10;
/**
 * Wrong passwords for one operator account from every address together before it locks for
 * everyone: an attacker needs ten addresses, each locked out by its own five, to do it.
 */
export const MAX_OPERATOR_FAILURES = 50;
/** From the third failure on, each answer waits a little longer (capped). */
const SLOW_FROM = 3;
const SLOW_STEP_MS = 250;
const SLOW_CAP_MS = 2000;

const accountKey = (destination: string) => `account:${destination}`;
const pairKey = (destination: string, ip: string) => `account:${destination}|ip:${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;

const lockedError = () => new AppError('LOGIN_LOCKED', { minutes: LOCK_WINDOW_MS / 60_000 });

export interface LoginAttempt {
  /** A wrong password: slows the answer; LOGIN_FAILED, or LOGIN_LOCKED on the last allowed try. */
  failed(delay?: (ms: number) => Promise<unknown>): Promise<never>;
  /** The right password: this attempt and the account's earlier failures no longer count. */
  succeeded(): Promise<void>;
}

/**
 * What the account's own failures (from every address) lead to: a user proves the mailbox or
 * phone with a login code, so nobody can lock the owner out by guessing from elsewhere; an
 * operator's account locks at MAX_OPERATOR_FAILURES.
 */
export type AccountWide = { code: (() => Promise<void>) | null } | 'operator';

/**
 * Takes a login attempt for the account (`destination`, or an operator's key) from `ip` before
 * the password is checked. LOGIN_LOCKED while this address is locked out of the account (five
 * wrong) or locked altogether (twenty). After ten wrong for the account from anywhere, a user's
 * login needs a code too (LOGIN_CODE_REQUIRED): `accountWide.code` checks and spends it. Taken
 * first so that concurrent guesses cannot exceed the limits (see takeAttempt).
 */
export async function startLoginAttempt(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  destination: string,
  ip: string,
  accountWide: AccountWide,
): Promise<LoginAttempt> {
  const account = accountKey(destination);
  const pair = pairKey(destination, ip);
  const operator = accountWide === 'operator';
  const attempt = await takeAttempt(
    app,
    [
      { key: pair, max: MAX_FAILURES_PER_ACCOUNT },
      { key: addressKey(ip), max: MAX_FAILURES_PER_ADDRESS },
      { key: account, max: operator ? MAX_OPERATOR_FAILURES : Number.POSITIVE_INFINITY },
    ],
    LOCK_WINDOW_MS,
  );
  if (!attempt) throw lockedError();
  if (!operator && attempt.counts[2]! > CODE_AFTER_FAILURES) {
    // Not a guess at the password: it is not checked, and the attempt is taken back.
    try {
      if (!accountWide.code) throw new AppError('LOGIN_CODE_REQUIRED');
      await accountWide.code();
    } catch (err) {
      await attempt.takeBack();
      throw err;
    }
  }
  const failures = attempt.counts[0]!;
  return {
    async failed(delay = sleep) {
      if (failures >= SLOW_FROM)
        await delay(Math.min((failures - SLOW_FROM + 1) * SLOW_STEP_MS, SLOW_CAP_MS));
      if (failures >= MAX_FAILURES_PER_ACCOUNT) throw lockedError();
      throw new AppError('LOGIN_FAILED');
    },
    succeeded: () => attempt.succeeded([account, pair]),
  };
}

/**
 * The password a session confirms a change with (`safe/update_password`'s old one, a new
 * passkey's), limited like a login (five wrong in 15 minutes lock the change for 15), so a
 * borrowed session cannot guess it: `wrong` (OLD_PASSWORD_WRONG or PASSWORD_WRONG).
 */
export async function checkOldPassword(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  password: string,
  wrong: 'OLD_PASSWORD_WRONG' | 'PASSWORD_WRONG' = 'OLD_PASSWORD_WRONG',
): Promise<void> {
  const key = `password:${user.id}`;
  const attempt = await takeAttempt(app, [{ key, max: MAX_FAILURES_PER_ACCOUNT }], LOCK_WINDOW_MS);
  if (!attempt) throw lockedError();
  const stored = await storedSecrets(app.db, user.id);
  if (stored && (await verifyPassword(stored.passwordHash, password)))
    return attempt.succeeded([key]);
  if (attempt.counts[0]! >= MAX_FAILURES_PER_ACCOUNT) throw lockedError();
  throw new AppError(wrong);
}

/** A password reset proves the account: its failures, from every address, no longer count. */
export async function clearFailures(
  app: Pick<ServerDeps, 'db'>,
  destination: string,
): Promise<void> {
  await app.db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, accountKey(destination)),
        like(loginFailures.key, `${pairKey(destination, '').replace(/[\\%_]/g, '\\$&')}%`),
      ),
    );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
