import { and, eq } from 'drizzle-orm';
import { loginTickets, twoFactor } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { lockWithdrawals } from '../security/withdraw-lock.ts';
import { MailedAfterCommit } from '../notifications/security-notice.ts';
import { isOn, proveCode, spendOrRefuse, turnOff, turnOn } from '../verification/factor.ts';
import { asUser, twoFactorOf, USER } from '../verification/user-factor.ts';

/**
 * Turning the authenticator on and off. Setup keeps a fresh secret as pending; the first right
 * code from it turns 2FA on and answers ten recovery codes (only their hashes are kept).
 * Turning it off takes a code too, and locks withdrawals for 24 h in the same transaction.
 */

export async function setUpTwoFactor(app: Pick<ServerDeps, 'clock' | 'config' | 'db'>, user: User) {
  const row = await twoFactorOf(app.db, user.id);
  if (isOn(row)) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const secret = newTotpSecret();
  const now = app.clock.now();
  await app.db
    .insert(twoFactor)
    .values({ subject: USER, subjectId: user.id, pendingSecret: secret, updatedAt: now })
    .onConflictDoUpdate({
      target: [twoFactor.subject, twoFactor.subjectId],
      set: { pendingSecret: secret, updatedAt: now },
    });
  const account = user.email ?? `+${user.areaCode ?? ''}${user.phone ?? ''}`;
  return { secret, otpauth: otpauthUrl(secret, app.config.appName, account) };
}

type Teller = Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>;

export async function enableTwoFactor(app: Teller, user: User, code: string) {
  const row = await twoFactorOf(app.db, user.id);
  if (isOn(row)) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const pending = row?.pendingSecret;
  if (!pending) throw new AppError('TWO_FACTOR_SETUP_FIRST');
  const proof = await proveCode(app, asUser(user.id), pending, code, false);
  if (proof.method !== '2fa') throw new AppError('TWO_FACTOR_INVALID');
  const now = app.clock.now();
  // Told in the bell and by mail, as turning it off is.
  const after = new MailedAfterCommit();
  const codes = await app.db.transaction(async (tx) => {
    const made = await turnOn(tx, asUser(user.id), pending, proof.step, now);
    if (made)
      await after.notify(tx, {
        userId: user.id,
        kind: 'security_two_factor_on',
        facts: {},
        at: now,
      });
    return made;
  });
  if (!codes) throw new AppError('TWO_FACTOR_SETUP_FIRST');
  await after.send(app);
  return { recovery_codes: codes };
}

/** Turns 2FA off with an authenticator or recovery code; withdrawals lock for 24 h. */
export async function disableTwoFactor(app: Teller, user: User, code: string | undefined) {
  const row = await twoFactorOf(app.db, user.id);
  if (!isOn(row)) throw new AppError('TWO_FACTOR_OFF');
  if (!code) throw new AppError('TWO_FACTOR_REQUIRED');
  const proof = await proveCode(app, asUser(user.id), row.secret, code, true);
  const now = app.clock.now();
  const after = new MailedAfterCommit();
  await app.db.transaction(async (tx) => {
    await spendOrRefuse(tx, asUser(user.id), proof, now);
    await turnOff(tx, asUser(user.id));
    await tx
      .delete(loginTickets)
      .where(and(eq(loginTickets.subject, USER), eq(loginTickets.subjectId, user.id)));
    await lockWithdrawals(tx, user.id, now);
    await after.notify(tx, {
      userId: user.id,
      kind: 'security_two_factor_off',
      facts: {},
      at: now,
    });
  });
  await after.send(app);
  return {};
}
