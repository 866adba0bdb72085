import type { Origin } from '../../lib/request-context.ts';
import type { AuthResult } from '@hx/protocol';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { userViewOf } from '../user/view.ts';
import { startSession } from './sessions.ts';
import { recordLogin, type LoginMethod } from './login-history.ts';
import { notifyNow } from '../notifications/notify.ts';
import { deviceOf } from '../notifications/render.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';

/**
 * After a successful login (password, second factor or passkey): the login goes into the
 * history, and the user is told. A device the account never logged in from gets the stronger
 * notice, in the app and by mail where a mail sender is configured; a known one the usual one.
 */
export async function loggedIn(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  userId: number,
  origin: Origin,
  method: LoginMethod,
): Promise<void> {
  const at = app.clock.now();
  const { newDevice } = await recordLogin(app.db, userId, origin, 'ok', method, at);
  const facts = { ip: origin.ip, device: deviceOf(origin.userAgent) };
  if (!newDevice) {
    await notifyNow(app, { userId, kind: 'security_login', facts, at });
    return;
  }
  // The mail is not waited for: the login should not hang on a slow mail server.
  await tellSecurityChange(app, { userId, kind: 'security_new_device', facts, at });
}

/**
 * The end of every login that passed all its factors: a session, the login in the history (by
 * the factor that completed it), and the user told.
 */
export async function completeLogin(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  user: User,
  origin: Origin,
  method: LoginMethod = 'password',
): Promise<AuthResult> {
  const token = await startSession(app, user.id, origin);
  await loggedIn(app, user.id, origin, method);
  return { token, user: await userViewOf(app.db, user) };
}
