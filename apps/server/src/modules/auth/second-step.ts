import type { Origin } from '../../lib/request-context.ts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { loginTickets, users } from '@hx/db';
import { CodedError, type AuthResult } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { completeLogin } from '../devices/logged-in.ts';
import { recordLogin } from '../devices/login-history.ts';
import { consumeCode, destinationOf } from '../verification/codes.ts';
import { isOn, methodOf, proveCode, spendOrRefuse } from '../verification/factor.ts';
import { asUser, twoFactorOf, USER } from '../verification/user-factor.ts';
import { TICKET_ATTEMPTS } from '../two-factor/tickets.ts';

const expired = () => new AppError('LOGIN_TICKET_INVALID');

/**
 * `user/login/2fa`: the ticket of a right password plus an authenticator or recovery code. Each
 * try takes one of the ticket's attempts before the code is looked at; wrong codes also count
 * per address across tickets (five lock that address out), and past an account-wide bound a
 * code to the account's mailbox or phone (`account_code`, scene `login`) must come too: whoever
 * has the password cannot lock the owner out. The session starts (and the user is told of the
 * login) only here.
 */
export async function loginWithSecondFactor(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  input: { ticket: string; code: string; account_code?: string | undefined },
  origin: Origin,
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
  const mailed = input.account_code;
  const destination = user.email ?? destinationOf(user.phone ?? '', user.areaCode ?? '');
  try {
    const proof = await proveCode(app, asUser(user.id), row.secret, input.code, true, {
      at: 'login',
      ip: origin.ip,
      accountCode: mailed ? () => consumeCode(app, destination, 'login', mailed) : null,
    });
    await spendOrRefuse(app.db, asUser(user.id), proof, now);
  } catch (error) {
    if (error instanceof CodedError) {
      const result =
        error.code === 'TWO_FACTOR_LOCKED'
          ? 'locked'
          : error.code === 'TWO_FACTOR_ACCOUNT_CODE_REQUIRED'
            ? 'code_required'
            : 'wrong_code';
      await recordLogin(app.db, user.id, origin, result, method, now);
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
  return completeLogin(app, user, origin, method);
}
