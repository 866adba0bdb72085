import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { takeAttempt } from '../auth/attempts.ts';

/** Wrong authenticator or recovery codes: five in 15 minutes lock the second factor for 15. */
export const CODE_LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;

const keyOf = (userId: number) => `2fa:user:${userId}`;
const locked = () => new AppError('TWO_FACTOR_LOCKED', { minutes: CODE_LOCK_WINDOW_MS / 60_000 });

/**
 * Takes one code attempt for the user before the code is looked at (auth/attempts.ts: taken
 * first, so concurrent guesses cannot all slip under the limit). A right code clears the
 * count; a wrong one leaves its attempt counted.
 */
export async function takeCodeAttempt(app: App, userId: number) {
  const key = keyOf(userId);
  const attempt = await takeAttempt(app, [{ key, max: MAX_WRONG_CODES }], CODE_LOCK_WINDOW_MS);
  if (!attempt) throw locked();
  const taken = attempt.counts[0] ?? 0;
  return {
    right: () => attempt.succeeded([key]),
    /** The answer to a wrong code: TWO_FACTOR_INVALID, or the lock on the last allowed try. */
    wrong: (): AppError =>
      taken >= MAX_WRONG_CODES ? locked() : new AppError('TWO_FACTOR_INVALID'),
  };
}
