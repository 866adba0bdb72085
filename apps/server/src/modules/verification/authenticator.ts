import type { Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isOn, proveCode, spendOrRefuse, type CodeProof } from './factor.ts';
import { asUser, twoFactorOf } from './user-factor.ts';

/**
 * The authenticator code an action needs while the user's 2FA is on (a withdrawal, a new
 * address, the fund password, a protection change). A right code is proven first and spent with
 * the action it guards (factor.ts), so a refused action leaves the code usable, and an
 * idempotent replay does not need a fresh one.
 */

/** Null when 2FA is off; otherwise the proven `totp`, for `spendTotp` in the action's transaction. */
export async function checkTotp(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  totp: string | undefined,
): Promise<CodeProof | null> {
  const row = await twoFactorOf(app.db, userId);
  if (!isOn(row)) return null;
  if (!totp) throw new AppError('TWO_FACTOR_REQUIRED');
  return proveCode(app, asUser(userId), row.secret, totp, false);
}

/** Spends what `checkTotp` proved; TWO_FACTOR_CODE_USED when that code was used already. */
export async function spendTotp(
  db: Pick<Db, 'select' | 'update' | 'delete'>,
  userId: number,
  proof: CodeProof | null,
  now: Date,
): Promise<void> {
  if (proof) await spendOrRefuse(db, asUser(userId), proof, now);
}

/** `checkTotp` and `spendTotp` at once, for actions without a transaction of their own. */
export async function requireTotp(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  totp: string | undefined,
): Promise<void> {
  await spendTotp(app.db, userId, await checkTotp(app, userId, totp), app.clock.now());
}
