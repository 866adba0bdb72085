import type { Origin } from '../../lib/request-context.ts';
import type { NeedSecondFactor } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { recordLogin } from '../devices/login-history.ts';
import { issueTicket } from '../verification/factor.ts';
import { asUser, twoFactorOn } from '../verification/user-factor.ts';

/** A password login waits this long for its second factor, and takes this many codes. */
export const TICKET_MS = 5 * 60_000;
export const TICKET_ATTEMPTS = 3;

/**
 * Where a right password stops when the user's authenticator is on: no session yet, a ticket
 * for `user/login/2fa` instead. Null when 2FA is off (the login completes at once).
 */
export async function secondFactorTicket(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  origin: Origin,
): Promise<NeedSecondFactor | null> {
  if (!(await twoFactorOn(app.db, user.id))) return null;
  const ticket = await issueTicket(app, asUser(user.id), origin, TICKET_MS);
  await recordLogin(app.db, user.id, origin, 'need_2fa', 'password', app.clock.now());
  return { need_2fa: true, ticket };
}
