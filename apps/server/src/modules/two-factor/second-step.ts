import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { loginTickets, users } from '@hx/db';
import { CodedError, type AuthResult } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { completeLogin } from '../auth/service.ts';
import { recordLogin } from '../auth/login-history.ts';
import { isOn, methodOf, proveCode, spendCode } from './factor.ts';
import { asUser, twoFactorOf, USER } from './state.ts';
import { TICKET_ATTEMPTS } from './tickets.ts';

const expired = () => new AppError('LOGIN_TICKET_INVALID');

/**
 * `user/login/2fa`: the ticket of a right password plus an authenticator or recovery code. Each
 * try takes one of the ticket's attempts before the code is looked at; wrong codes also count
 * against the user's code limit, across tickets. The session starts (and the user is told of
 * the login) only here.
 */
export async function loginWithSecondFactor(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  input: { ticket: string; code: string },
  request: FastifyRequest,
): Promise<AuthResult> {
  const now = app.clock.now();
  const [ticket] = await app.db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(
      and(
        eq(loginTickets.subject, USER),
        eq(loginTickets.ticketHash, sha256(input.ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, now),
        lt(loginTickets.attempts, TICKET_ATTEMPTS),
      ),
    )
    .returning();
  if (!ticket) throw expired();
  const [user] = await app.db.select().from(users).where(eq(users.id, ticket.subjectId));
  const row = user && (await twoFactorOf(app.db, user.id));
  if (!user || !isOn(row)) throw expired();

  const method = methodOf(input.code);
  try {
    const proof = await proveCode(app, asUser(user.id), row.secret, input.code, true);
    if (!(await spendCode(app.db, asUser(user.id), proof, now)))
      throw new AppError('TWO_FACTOR_INVALID');
  } catch (error) {
    if (error instanceof CodedError) {
      const result = error.code === 'TWO_FACTOR_LOCKED' ? 'locked' : 'wrong_code';
      await recordLogin(app.db, user.id, request, result, method, now);
    }
    throw error;
  }
  const claimed = await app.db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(and(eq(loginTickets.id, ticket.id), isNull(loginTickets.usedAt)))
    .returning({ id: loginTickets.id });
  if (claimed.length === 0) throw expired();
  // completeLogin records the login (by its factor) and tells a new device.
  return completeLogin(app, user, request, method);
}
