import type { Origin } from '../../lib/request-context.ts';
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { loginFailures, loginTickets, recoveryCodes, twoFactor, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { newRecoveryCodes, recoveryCodeHash, totpStep } from '../../lib/totp.ts';
import { takeAttempt, type Limit } from './attempts.ts';

/**
 * The authenticator of whoever holds it, a user or an operator (`two_factor.subject`): proving a
 * code, spending it, turning it on and off, and the ticket a password login waits with. Codes
 * are spent by conditional updates (`last_step` moves forward, a recovery code gets `used_at`),
 * so a code works once even when two requests race.
 */

export interface Holder {
  subject: 'user' | 'admin';
  id: number;
}

export type SecondFactorMethod = '2fa' | 'recovery_code';
export type CodeProof = (
  { method: '2fa'; step: number } | { method: 'recovery_code'; hash: string }
) & {
  /** The wrong-code counts a spent code clears (attempts.ts keys). */
  counted: string[];
};

/** Wrong codes: five in 15 minutes lock the holder's second factor for 15 (from one address). */
export const CODE_LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;
/**
 * Wrong codes at a user's login step from every address together after which a code to the
 * account's mailbox or phone must come with the authenticator code: whoever holds the password
 * cannot lock the owner out by guessing from many addresses, and the owner is never refused.
 */
export const ACCOUNT_CODE_AFTER_WRONG_CODES = 10;
/** An operator has no such code: past this many wrong codes from everywhere, the step locks. */
export const MAX_OPERATOR_WRONG_CODES = 50;
/** The authenticator's step: a new code every 30 seconds. */
const STEP_MS = 30_000;

/**
 * Where a code is tried. In a session the holder's own count limits it; at a login's second
 * step (whoever has the password) each address has its own count, and past an account-wide
 * bound `accountCode` (a user's mailed code, checked and spent) must pass first.
 */
export type CodeSource =
  | { at: 'session' }
  | { at: 'login'; ip: string; accountCode: (() => Promise<void>) | null | 'operator' };
const IN_SESSION: CodeSource = { at: 'session' };

const ofHolder = (h: Holder) =>
  and(eq(twoFactor.subject, h.subject), eq(twoFactor.subjectId, h.id));
const codesOf = (h: Holder) =>
  and(eq(recoveryCodes.subject, h.subject), eq(recoveryCodes.subjectId, h.id));
const isTotp = (code: string) => /^\d{6}$/.test(code);
export const methodOf = (code: string): SecondFactorMethod =>
  isTotp(code.trim()) ? '2fa' : 'recovery_code';

/** An operator as the holder of an authenticator. */
export const asOperator = (id: number): Holder => ({ subject: 'admin', id });

export async function factorOf(db: Pick<Db, 'select'>, h: Holder) {
  const [row] = await db.select().from(twoFactor).where(ofHolder(h));
  return row;
}

/** Set up and proven with a first code. */
export const isOn = (
  row: typeof twoFactor.$inferSelect | undefined,
): row is typeof twoFactor.$inferSelect & { secret: string } =>
  Boolean(row?.secret && row.enabledAt);

const lockedError = () =>
  new AppError('TWO_FACTOR_LOCKED', { minutes: CODE_LOCK_WINDOW_MS / 60_000 });

const holderKey = (h: Holder) => `2fa:${h.subject}:${h.id}`;

/** The counts a try is taken from: the holder's own in a session, per address at a login. */
function limitsOf(h: Holder, source: CodeSource): Limit[] {
  if (source.at === 'session') return [{ key: holderKey(h), max: MAX_WRONG_CODES }];
  const account = `2fa-login:${h.subject}:${h.id}`;
  const operator = source.accountCode === 'operator';
  return [
    { key: `${account}|ip:${source.ip}`, max: MAX_WRONG_CODES },
    { key: account, max: operator ? MAX_OPERATOR_WRONG_CODES : Number.POSITIVE_INFINITY },
  ];
}

/**
 * Proves a code against `secret` (and the recovery codes when `recovery`). The try is taken
 * from the limits before the code is looked at (attempts.ts), so concurrent guesses cannot
 * slip under them. A right code's try no longer counts, but the count of wrong ones is cleared
 * only when the code is spent (spendCode): a replayed code, right but used, clears nothing.
 */
export async function proveCode(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  h: Holder,
  secret: string,
  code: string,
  recovery: boolean,
  source: CodeSource = IN_SESSION,
): Promise<CodeProof> {
  const limits = limitsOf(h, source);
  const attempt = await takeAttempt(app, limits, CODE_LOCK_WINDOW_MS);
  if (!attempt) throw lockedError();
  const accountCode = source.at === 'login' ? source.accountCode : null;
  if (accountCode !== 'operator' && (attempt.counts[1] ?? 0) > ACCOUNT_CODE_AFTER_WRONG_CODES) {
    // Not a guess at the authenticator: it is not looked at, and the try is taken back.
    try {
      if (!accountCode) throw new AppError('TWO_FACTOR_ACCOUNT_CODE_REQUIRED');
      await accountCode();
    } catch (err) {
      await attempt.takeBack();
      throw err;
    }
  }
  const typed = code.trim();
  const counted = limits.map((l) => l.key);
  let proof: CodeProof | null = null;
  if (isTotp(typed)) {
    const step = totpStep(secret, typed, app.clock.now());
    if (step !== null) proof = { method: '2fa', step, counted };
  } else if (recovery) {
    const hash = recoveryCodeHash(typed);
    const [known] = await app.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(codesOf(h), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)));
    if (known) proof = { method: 'recovery_code', hash, counted };
  }
  if (!proof) throw (attempt.counts[0] ?? 0) >= MAX_WRONG_CODES ? lockedError() : wrongCode();
  await attempt.takeBack();
  return proof;
}

const wrongCode = () => new AppError('TWO_FACTOR_INVALID');

/**
 * Spends a proven code; false when it was spent already (by a replay or a concurrent twin).
 * A spent code clears the holder's wrong-code counts it was taken from, with the caller's
 * transaction.
 */
export async function spendCode(
  db: Pick<Db, 'update' | 'delete'>,
  h: Holder,
  proof: CodeProof,
  now: Date,
): Promise<boolean> {
  const spent =
    proof.method === '2fa'
      ? await db
          .update(twoFactor)
          .set({ lastStep: proof.step, updatedAt: now })
          .where(
            and(
              ofHolder(h),
              isNotNull(twoFactor.secret),
              or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, proof.step)),
            ),
          )
          .returning({ id: twoFactor.subjectId })
      : await db
          .update(recoveryCodes)
          .set({ usedAt: now })
          .where(
            and(codesOf(h), eq(recoveryCodes.codeHash, proof.hash), isNull(recoveryCodes.usedAt)),
          )
          .returning({ id: recoveryCodes.id });
  if (spent.length === 0) return false;
  await db.delete(loginFailures).where(inArray(loginFailures.key, proof.counted));
  return true;
}

/**
 * `spendCode`, refusing a code spent already: an authenticator code of a step already used
 * says so with the seconds until the app shows the next one (TWO_FACTOR_CODE_USED).
 */
export async function spendOrRefuse(
  db: Pick<Db, 'select' | 'update' | 'delete'>,
  h: Holder,
  proof: CodeProof,
  now: Date,
): Promise<void> {
  if (await spendCode(db, h, proof, now)) return;
  if (proof.method !== '2fa') throw wrongCode();
  const [row] = await db
    .select({ lastStep: twoFactor.lastStep })
    .from(twoFactor)
    .where(ofHolder(h));
  const last = Math.max(row?.lastStep ?? proof.step, proof.step);
  const seconds = Math.ceil(((last + 1) * STEP_MS - now.getTime()) / 1000);
  throw new AppError('TWO_FACTOR_CODE_USED', { seconds: Math.max(1, seconds) });
}

/**
 * Turns the proven pending secret on (only that secret: a setup started meanwhile elsewhere
 * wins) and replaces the recovery codes; answers them, shown once, or null when the pending
 * secret changed or 2FA is on already.
 */
export async function turnOn(
  tx: Db,
  h: Holder,
  pending: string,
  step: number,
  now: Date,
): Promise<string[] | null> {
  const on = await tx
    .update(twoFactor)
    .set({ secret: pending, pendingSecret: null, enabledAt: now, lastStep: step, updatedAt: now })
    .where(and(ofHolder(h), eq(twoFactor.pendingSecret, pending), isNull(twoFactor.secret)))
    .returning({ id: twoFactor.subjectId });
  if (on.length === 0) return null;
  await tx.delete(loginFailures).where(eq(loginFailures.key, holderKey(h)));
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(codesOf(h));
  await tx.insert(recoveryCodes).values(
    codes.map((c) => ({
      subject: h.subject,
      subjectId: h.id,
      codeHash: recoveryCodeHash(c),
      createdAt: now,
    })),
  );
  return codes;
}

/** Removes the holder's authenticator and recovery codes; answers whether it was on. */
export async function turnOff(tx: Db, h: Holder): Promise<boolean> {
  const removed = await tx
    .delete(twoFactor)
    .where(ofHolder(h))
    .returning({ on: twoFactor.enabledAt });
  await tx.delete(recoveryCodes).where(codesOf(h));
  return removed.some((r) => r.on !== null);
}

/** A right password's ticket for the second login step (only its sha256 is kept). */
export async function issueTicket(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  h: Holder,
  origin: Origin,
  lifetimeMs: number,
): Promise<string> {
  const ticket = newToken();
  const now = app.clock.now();
  await app.db.insert(loginTickets).values({
    subject: h.subject,
    subjectId: h.id,
    ticketHash: sha256(ticket),
    ip: origin.ip,
    agent: origin.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  return ticket;
}
