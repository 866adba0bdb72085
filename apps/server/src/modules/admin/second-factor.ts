import type { FastifyRequest } from 'fastify';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminLoginAnswer } from '@hx/contracts';
import { loginTickets, recoveryCodes, twoFactor, type Db } from '@hx/db';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  totpStep,
} from '../../lib/totp.ts';
import { takeAttempt } from '../auth/attempts.ts';
import { startAdminSession, type Admin } from './auth.ts';

/**
 * Operators' authenticator (TOTP), rows of subject 'admin'. Required in production mode: an
 * operator without it enrols at the next login; in demo mode it is each operator's choice.
 * Codes are spent by conditional updates (`last_step` moves forward, a recovery code gets
 * `used_at`), so a code works once even when two requests race.
 */

const ADMIN = 'admin';
/** A password login waits this long for its second step (enrolment includes scanning a code). */
export const ADMIN_TICKET_MS = 10 * 60_000;
export const TICKET_ATTEMPTS = 5;
/** Wrong codes: five in 15 minutes lock the operator's second factor for 15. */
export const CODE_WINDOW_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;

type LoginAnswer = z.infer<typeof adminLoginAnswer>;
type Row = typeof twoFactor.$inferSelect;
type Proof = { kind: 'totp'; step: number } | { kind: 'recovery'; hash: string };

const ofAdmin = (adminId: number) =>
  and(eq(twoFactor.subject, ADMIN), eq(twoFactor.subjectId, adminId));
const ofAdminCodes = (adminId: number) =>
  and(eq(recoveryCodes.subject, ADMIN), eq(recoveryCodes.subjectId, adminId));
const expired = () => new AppError('LOGIN_TICKET_INVALID');
const isOn = (row: Row | undefined): row is Row & { secret: string } =>
  Boolean(row?.secret && row.enabledAt);

export const twoFactorRequired = (app: App) => app.config.mode === 'production';

export async function adminTwoFactor(db: Pick<Db, 'select'>, adminId: number) {
  const [row] = await db.select().from(twoFactor).where(ofAdmin(adminId));
  return row;
}

export async function twoFactorStatus(app: App, adminId: number) {
  const row = await adminTwoFactor(app.db, adminId);
  const [left] = await app.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(ofAdminCodes(adminId), isNull(recoveryCodes.usedAt)));
  return {
    enabled: isOn(row),
    required: twoFactorRequired(app),
    recovery_codes_left: isOn(row) ? (left?.n ?? 0) : 0,
  };
}

/** Where a right password leads: a code, the enrolment (production), or the session. */
export async function afterPassword(
  app: App,
  admin: Admin,
  request: FastifyRequest,
): Promise<LoginAnswer> {
  const row = await adminTwoFactor(app.db, admin.id);
  if (isOn(row)) return { need_2fa: true, ticket: await issueTicket(app, admin.id, request) };
  if (twoFactorRequired(app))
    return { need_2fa_setup: true, ticket: await issueTicket(app, admin.id, request) };
  return { token: await startAdminSession(app, admin.id, request), role: admin.role };
}

async function issueTicket(app: App, adminId: number, request: FastifyRequest) {
  const ticket = newToken();
  const now = app.clock.now();
  await app.db.insert(loginTickets).values({
    subject: ADMIN,
    subjectId: adminId,
    ticketHash: sha256(ticket),
    ip: request.ip,
    agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + ADMIN_TICKET_MS),
    createdAt: now,
  });
  return ticket;
}

/** A live ticket's operator; `attempt` takes one of its tries (atomically) on the way. */
export async function ticketHolder(app: App, ticket: string, attempt: boolean): Promise<number> {
  const live = and(
    eq(loginTickets.subject, ADMIN),
    eq(loginTickets.ticketHash, sha256(ticket)),
    isNull(loginTickets.usedAt),
    gt(loginTickets.expiresAt, app.clock.now()),
    lt(loginTickets.attempts, TICKET_ATTEMPTS),
  );
  const [row] = attempt
    ? await app.db
        .update(loginTickets)
        .set({ attempts: sql`${loginTickets.attempts} + 1` })
        .where(live)
        .returning({ adminId: loginTickets.subjectId })
    : await app.db.select({ adminId: loginTickets.subjectId }).from(loginTickets).where(live);
  if (!row) throw expired();
  return row.adminId;
}

/** Uses the ticket up in the transaction that starts the session; once only. */
async function claimTicket(tx: Db, ticket: string, now: Date): Promise<void> {
  const claimed = await tx
    .update(loginTickets)
    .set({ usedAt: now })
    .where(and(eq(loginTickets.ticketHash, sha256(ticket)), isNull(loginTickets.usedAt)))
    .returning({ id: loginTickets.id });
  if (claimed.length === 0) throw expired();
}

/**
 * Proves a code, taking the try from the operator's limit before looking at it (takeAttempt: so
 * concurrent guesses cannot slip under the limit); a right code clears the count. A right
 * authenticator code of a step already spent passes here and fails when spent (`spend`).
 */
async function prove(
  app: App,
  adminId: number,
  secret: string,
  code: string,
  recovery: boolean,
): Promise<Proof> {
  const key = `2fa:admin:${adminId}`;
  const now = app.clock.now();
  const locked = () => new AppError('TWO_FACTOR_LOCKED', { minutes: CODE_WINDOW_MS / 60_000 });
  const attempt = await takeAttempt(app, [{ key, max: MAX_WRONG_CODES }], CODE_WINDOW_MS);
  if (!attempt) throw locked();
  const typed = code.trim();
  let proof: Proof | null = null;
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(secret, typed, now);
    if (step !== null) proof = { kind: 'totp', step };
  } else if (recovery) {
    const hash = recoveryCodeHash(typed);
    const [known] = await app.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(
        and(ofAdminCodes(adminId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
      );
    if (known) proof = { kind: 'recovery', hash };
  }
  if (!proof)
    throw attempt.counts[0]! >= MAX_WRONG_CODES ? locked() : new AppError('TWO_FACTOR_INVALID');
  await attempt.succeeded([key]);
  return proof;
}

/** Spends a proven code in the caller's transaction; TWO_FACTOR_INVALID when spent already. */
async function spend(tx: Db, adminId: number, proof: Proof, now: Date): Promise<void> {
  const spent =
    proof.kind === 'totp'
      ? await tx
          .update(twoFactor)
          .set({ lastStep: proof.step, updatedAt: now })
          .where(
            and(
              ofAdmin(adminId),
              isNotNull(twoFactor.secret),
              or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, proof.step)),
            ),
          )
          .returning({ id: twoFactor.subjectId })
      : await tx
          .update(recoveryCodes)
          .set({ usedAt: now })
          .where(
            and(
              ofAdminCodes(adminId),
              eq(recoveryCodes.codeHash, proof.hash),
              isNull(recoveryCodes.usedAt),
            ),
          )
          .returning({ id: recoveryCodes.id });
  if (spent.length === 0) throw new AppError('TWO_FACTOR_INVALID');
}

/**
 * Proves a code of an operator whose 2FA is on (turning it off), outside any transaction (a
 * wrong code must stay counted); the answer spends it in the caller's transaction.
 */
export async function proveCode(app: App, adminId: number, code: string) {
  const row = await adminTwoFactor(app.db, adminId);
  if (!isOn(row)) throw new AppError('TWO_FACTOR_OFF');
  const proof = await prove(app, adminId, row.secret, code, true);
  return (tx: Db) => spend(tx, adminId, proof, app.clock.now());
}

/** What a login step writes with its session (the audit), in the same transaction. */
type Also = (tx: Db, adminId: number, method: Proof['kind']) => Promise<void>;

/** The second login step: a code (or recovery code) and the ticket give the session. */
export async function loginWithCode(
  app: App,
  input: { ticket: string; code: string },
  request: FastifyRequest,
  also: Also,
) {
  const adminId = await ticketHolder(app, input.ticket, true);
  const row = await adminTwoFactor(app.db, adminId);
  if (!isOn(row)) throw expired();
  const proof = await prove(app, adminId, row.secret, input.code, true);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await spend(tx, adminId, proof, now);
    await claimTicket(tx, input.ticket, now);
    await also(tx, adminId, proof.kind);
    return { adminId, token: await startAdminSession(app, adminId, request, tx) };
  });
}

/** A new secret waits in `pending_secret` until a first code proves it was scanned. */
export async function startEnrolment(app: App, admin: Pick<Admin, 'id' | 'email'>) {
  if (isOn(await adminTwoFactor(app.db, admin.id))) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const secret = newTotpSecret();
  const now = app.clock.now();
  const set = await app.db
    .insert(twoFactor)
    .values({ subject: ADMIN, subjectId: admin.id, pendingSecret: secret, updatedAt: now })
    .onConflictDoUpdate({
      target: [twoFactor.subject, twoFactor.subjectId],
      set: { pendingSecret: secret, updatedAt: now },
      setWhere: isNull(twoFactor.secret),
    })
    .returning({ id: twoFactor.subjectId });
  if (set.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ON');
  return { secret, otpauth: otpauthUrl(secret, `${app.config.appName} console`, admin.email) };
}

/**
 * Checks the first code against the pending secret, outside any transaction (a wrong code must
 * stay counted); `finish` then turns 2FA on in the caller's transaction and returns the
 * recovery codes, shown once.
 */
export async function proveEnrolment(app: App, adminId: number, code: string) {
  const row = await adminTwoFactor(app.db, adminId);
  if (isOn(row)) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const pending = row?.pendingSecret;
  if (!pending) throw new AppError('TWO_FACTOR_SETUP_FIRST');
  const proof = await prove(app, adminId, pending, code, false);
  const step = proof.kind === 'totp' ? proof.step : 0;
  return async (tx: Db, now: Date): Promise<string[]> => {
    const on = await tx
      .update(twoFactor)
      .set({ secret: pending, pendingSecret: null, enabledAt: now, lastStep: step, updatedAt: now })
      .where(and(ofAdmin(adminId), isNull(twoFactor.secret), eq(twoFactor.pendingSecret, pending)))
      .returning({ id: twoFactor.subjectId });
    if (on.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ON');
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(ofAdminCodes(adminId));
    await tx.insert(recoveryCodes).values(
      codes.map((c) => ({
        subject: ADMIN,
        subjectId: adminId,
        codeHash: recoveryCodeHash(c),
        createdAt: now,
      })),
    );
    return codes;
  };
}

/** The login's enrolment step: the first code, then the session, with the recovery codes. */
export async function loginEnrolment(
  app: App,
  input: { ticket: string; code: string },
  request: FastifyRequest,
  also: Also,
) {
  const adminId = await ticketHolder(app, input.ticket, true);
  const finish = await proveEnrolment(app, adminId, input.code);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const codes = await finish(tx, now);
    await claimTicket(tx, input.ticket, now);
    await also(tx, adminId, 'totp');
    return { adminId, codes, token: await startAdminSession(app, adminId, request, tx) };
  });
}

/** Turns an operator's 2FA off (a reset by an admin, or the operator in demo mode). */
export async function removeTwoFactor(tx: Db, adminId: number): Promise<boolean> {
  const removed = await tx
    .delete(twoFactor)
    .where(ofAdmin(adminId))
    .returning({ on: twoFactor.enabledAt });
  await tx.delete(recoveryCodes).where(ofAdminCodes(adminId));
  return removed.some((r) => r.on !== null);
}
