import type { Origin } from '../../lib/request-context.ts';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminLoginAnswer } from '@hx/protocol';
import { loginTickets, recoveryCodes, twoFactor, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import {
  asOperator,
  factorOf,
  isOn,
  issueTicket as issue,
  proveCode as prove,
  spendOrRefuse,
  turnOff,
  turnOn,
  type CodeProof,
  type SecondFactorMethod,
} from '../verification/factor.ts';
import { startAdminSession, type Admin } from '../operator-core/auth.ts';

/**
 * Operators' authenticator (TOTP), rows of subject 'admin'. Required in production mode: an
 * operator without it enrols at the next login; in demo mode it is each operator's choice.
 * Codes are spent by conditional updates (`last_step` moves forward, a recovery code gets
 * `used_at`), so a code works once even when two requests race.
 */

const ADMIN = 'admin' as const;
/** A password login waits this long for its second step (enrolment includes scanning a code). */
export const ADMIN_TICKET_MS = 10 * 60_000;
export const TICKET_ATTEMPTS = 5;

type LoginAnswer = z.infer<typeof adminLoginAnswer>;

const ofAdminCodes = (adminId: number) =>
  and(eq(recoveryCodes.subject, ADMIN), eq(recoveryCodes.subjectId, adminId));
const expired = () => new AppError('LOGIN_TICKET_INVALID');

export const twoFactorRequired = (app: Pick<ServerDeps, 'config'>) =>
  app.config.mode === 'production';

export const adminTwoFactor = (db: Pick<Db, 'select'>, adminId: number) =>
  factorOf(db, asOperator(adminId));

export async function twoFactorStatus(app: Pick<ServerDeps, 'config' | 'db'>, adminId: number) {
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
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  admin: Admin,
  origin: Origin,
): Promise<LoginAnswer> {
  const row = await adminTwoFactor(app.db, admin.id);
  if (isOn(row)) return { need_2fa: true, ticket: await issueTicket(app, admin.id, origin) };
  if (twoFactorRequired(app))
    return { need_2fa_setup: true, ticket: await issueTicket(app, admin.id, origin) };
  return { token: await startAdminSession(app, admin.id, origin), role: admin.role };
}

const issueTicket = (app: Pick<ServerDeps, 'clock' | 'db'>, adminId: number, origin: Origin) =>
  issue(app, asOperator(adminId), origin, ADMIN_TICKET_MS);

/** A live ticket's operator; `attempt` takes one of its tries (atomically) on the way. */
export async function ticketHolder(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  ticket: string,
  attempt: boolean,
): Promise<number> {
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
 * Proves a code of an operator whose 2FA is on (turning it off), outside any transaction (a
 * wrong code must stay counted); the answer spends it in the caller's transaction.
 */
export async function proveCode(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  adminId: number,
  code: string,
) {
  const row = await adminTwoFactor(app.db, adminId);
  if (!isOn(row)) throw new AppError('TWO_FACTOR_OFF');
  const proof = await prove(app, asOperator(adminId), row.secret, code, true);
  return (tx: Db) => spend(tx, adminId, proof, app.clock.now());
}

/** Spends a proven code in the caller's transaction; TWO_FACTOR_CODE_USED when spent already. */
async function spend(tx: Db, adminId: number, proof: CodeProof, now: Date): Promise<void> {
  await spendOrRefuse(tx, asOperator(adminId), proof, now);
}

/** What a login step writes with its session (the audit), in the same transaction. */
type Also = (tx: Db, adminId: number, method: SecondFactorMethod) => Promise<void>;

/** The second login step: a code (or recovery code) and the ticket give the session. */
export async function loginWithCode(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  input: { ticket: string; code: string },
  origin: Origin,
  also: Also,
) {
  const adminId = await ticketHolder(app, input.ticket, true);
  const row = await adminTwoFactor(app.db, adminId);
  if (!isOn(row)) throw expired();
  // Counted per address; the account locks only past many wrong codes from everywhere.
  const proof = await prove(app, asOperator(adminId), row.secret, input.code, true, {
    at: 'login',
    ip: origin.ip,
    accountCode: 'operator',
  });
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await spend(tx, adminId, proof, now);
    await claimTicket(tx, input.ticket, now);
    await also(tx, adminId, proof.method);
    return { adminId, token: await startAdminSession(app, adminId, origin, tx) };
  });
}

/** A new secret waits in `pending_secret` until a first code proves it was scanned. */
export async function startEnrolment(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  admin: Pick<Admin, 'id' | 'email'>,
) {
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
export async function proveEnrolment(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  adminId: number,
  code: string,
) {
  const row = await adminTwoFactor(app.db, adminId);
  if (isOn(row)) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const pending = row?.pendingSecret;
  if (!pending) throw new AppError('TWO_FACTOR_SETUP_FIRST');
  const proof = await prove(app, asOperator(adminId), pending, code, false);
  const step = proof.method === '2fa' ? proof.step : 0;
  return async (tx: Db, now: Date): Promise<string[]> => {
    const codes = await turnOn(tx, asOperator(adminId), pending, step, now);
    if (!codes) throw new AppError('TWO_FACTOR_ALREADY_ON');
    return codes;
  };
}

/** The login's enrolment step: the first code, then the session, with the recovery codes. */
export async function loginEnrolment(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  input: { ticket: string; code: string },
  origin: Origin,
  also: Also,
) {
  const adminId = await ticketHolder(app, input.ticket, true);
  const finish = await proveEnrolment(app, adminId, input.code);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const codes = await finish(tx, now);
    await claimTicket(tx, input.ticket, now);
    await also(tx, adminId, '2fa');
    return { adminId, codes, token: await startAdminSession(app, adminId, origin, tx) };
  });
}

/** Turns an operator's 2FA off (a reset by an admin, or the operator in demo mode). */
export const removeTwoFactor = (tx: Db, adminId: number): Promise<boolean> =>
  turnOff(tx, asOperator(adminId));
