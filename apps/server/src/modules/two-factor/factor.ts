import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { loginTickets, recoveryCodes, twoFactor, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { newRecoveryCodes, recoveryCodeHash, totpStep } from '../../lib/totp.ts';
import { takeAttempt } from '../auth/attempts.ts';

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
export type CodeProof = { method: '2fa'; step: number } | { method: 'recovery_code'; hash: string };

/** Wrong codes: five in 15 minutes lock the holder's second factor for 15. */
export const CODE_LOCK_WINDOW_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;

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

/**
 * Proves a code against `secret` (and the recovery codes when `recovery`). The try is taken
 * from the holder's limit before the code is looked at (auth/attempts.ts), so concurrent guesses
 * cannot slip under it; a right code clears the count. A right authenticator code of a step
 * already spent passes here and fails when spent, so a replay is not counted as a guess.
 */
export async function proveCode(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  h: Holder,
  secret: string,
  code: string,
  recovery: boolean,
): Promise<CodeProof> {
  const key = `2fa:${h.subject}:${h.id}`;
  const locked = () => new AppError('TWO_FACTOR_LOCKED', { minutes: CODE_LOCK_WINDOW_MS / 60_000 });
  const attempt = await takeAttempt(app, [{ key, max: MAX_WRONG_CODES }], CODE_LOCK_WINDOW_MS);
  if (!attempt) throw locked();
  const typed = code.trim();
  let proof: CodeProof | null = null;
  if (isTotp(typed)) {
    const step = totpStep(secret, typed, app.clock.now());
    if (step !== null) proof = { method: '2fa', step };
  } else if (recovery) {
    const hash = recoveryCodeHash(typed);
    const [known] = await app.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(codesOf(h), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)));
    if (known) proof = { method: 'recovery_code', hash };
  }
  if (!proof)
    throw (attempt.counts[0] ?? 0) >= MAX_WRONG_CODES
      ? locked()
      : new AppError('TWO_FACTOR_INVALID');
  await attempt.succeeded([key]);
  return proof;
}

/** Spends a proven code; false when it was spent already (by a replay or a concurrent twin). */
export async function spendCode(
  db: Pick<Db, 'update'>,
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
  return spent.length > 0;
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
  request: FastifyRequest,
  lifetimeMs: number,
): Promise<string> {
  const ticket = newToken();
  const now = app.clock.now();
  await app.db.insert(loginTickets).values({
    subject: h.subject,
    subjectId: h.id,
    ticketHash: sha256(ticket),
    ip: request.ip,
    agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  return ticket;
}
