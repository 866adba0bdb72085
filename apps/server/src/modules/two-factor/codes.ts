import { and, eq, isNull, lt, or, isNotNull } from 'drizzle-orm';
import { recoveryCodes, twoFactor, type Db } from '@hx/db';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { recoveryCodeHash, totpStep } from '../../lib/totp.ts';
import { takeCodeAttempt } from './attempts.ts';
import { ofUser, twoFactorOf, USER } from './state.ts';

/**
 * Checking and spending second-factor codes. A right code is proven first and spent with the
 * action it guards: an authenticator code by moving `last_step` past its step, a recovery code
 * by marking it used. Both are conditional updates, so two requests cannot spend one code.
 */

export type SecondFactorMethod = '2fa' | 'recovery_code';
export type CodeProof = { method: '2fa'; step: number } | { method: 'recovery_code'; hash: string };

const isTotp = (code: string) => /^\d{6}$/.test(code);
export const methodOf = (code: string): SecondFactorMethod =>
  isTotp(code.trim()) ? '2fa' : 'recovery_code';

/** Spends a proven code; false when it was spent already (by a replay or a concurrent twin). */
export async function spendCode(
  db: Pick<Db, 'update'>,
  userId: number,
  proof: CodeProof,
  now: Date,
): Promise<boolean> {
  if (proof.method === '2fa') {
    const spent = await db
      .update(twoFactor)
      .set({ lastStep: proof.step, updatedAt: now })
      .where(
        and(
          ofUser(userId),
          isNotNull(twoFactor.secret),
          or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, proof.step)),
        ),
      )
      .returning({ id: twoFactor.subjectId });
    return spent.length > 0;
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.subject, USER),
        eq(recoveryCodes.subjectId, userId),
        eq(recoveryCodes.codeHash, proof.hash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** Whether an unused recovery code of the user has this hash. */
async function recoveryCodeKnown(app: App, userId: number, hash: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.subject, USER),
        eq(recoveryCodes.subjectId, userId),
        eq(recoveryCodes.codeHash, hash),
        isNull(recoveryCodes.usedAt),
      ),
    );
  return row !== undefined;
}

/**
 * Proves a code against `secret` (and the recovery codes when `recovery`), counting a wrong one
 * against the user's limit. A right authenticator code of a step already spent passes here and
 * fails when spent, so a replay is refused without counting as a guess.
 */
export async function proveCode(
  app: App,
  userId: number,
  secret: string,
  code: string,
  recovery: boolean,
): Promise<CodeProof> {
  const attempt = await takeCodeAttempt(app, userId);
  const typed = code.trim();
  let proof: CodeProof | null = null;
  if (isTotp(typed)) {
    const step = totpStep(secret, typed, app.clock.now());
    if (step !== null) proof = { method: '2fa', step };
  } else if (recovery) {
    const hash = recoveryCodeHash(typed);
    if (await recoveryCodeKnown(app, userId, hash)) proof = { method: 'recovery_code', hash };
  }
  if (!proof) throw attempt.wrong();
  await attempt.right();
  return proof;
}

/**
 * For an action that needs the authenticator while it is on (a withdrawal, a new address, the
 * fund password): null when 2FA is off; otherwise the proven `totp`, for `spendCode` in the
 * action's own transaction (so a refused action leaves the code usable, and an idempotent replay
 * does not need a fresh one).
 */
export async function checkTotp(
  app: App,
  userId: number,
  totp: string | undefined,
): Promise<CodeProof | null> {
  const row = await twoFactorOf(app.db, userId);
  if (!row?.secret || !row.enabledAt) return null;
  if (!totp) throw new AppError('TWO_FACTOR_REQUIRED');
  return proveCode(app, userId, row.secret, totp, false);
}

/** Spends what `checkTotp` proved; TWO_FACTOR_INVALID when that code was used already. */
export async function spendTotp(
  db: Pick<Db, 'update'>,
  userId: number,
  proof: CodeProof | null,
  now: Date,
): Promise<void> {
  if (proof && !(await spendCode(db, userId, proof, now))) throw new AppError('TWO_FACTOR_INVALID');
}

/** `checkTotp` and `spendTotp` at once, for actions without a transaction of their own. */
export async function requireTotp(
  app: App,
  userId: number,
  totp: string | undefined,
): Promise<void> {
  await spendTotp(app.db, userId, await checkTotp(app, userId, totp), app.clock.now());
}
