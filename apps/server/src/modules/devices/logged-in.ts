import type { FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../lib/deps.ts';
import { recordLogin, type LoginMethod } from '../auth/login-history.ts';
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
  request: FastifyRequest,
  method: LoginMethod,
): Promise<void> {
  const at = app.clock.now();
  const { newDevice } = await recordLogin(app.db, userId, request, 'ok', method, at);
  const facts = { ip: request.ip, device: deviceOf(request.headers['user-agent']) };
  if (!newDevice) {
    await notifyNow(app, { userId, kind: 'security_login', facts, at });
    return;
  }
  // The mail is not waited for: the login should not hang on a slow mail server.
  await tellSecurityChange(app, { userId, kind: 'security_new_device', facts, at });
}
