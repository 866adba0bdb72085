import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isEmail, type AuthResult } from '@hx/contracts';
import { users } from '@hx/db';
import type { App } from '../../app.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newInviteCode } from '../../lib/tokens.ts';
import { maskedAccount, userView } from '../user/view.ts';
import { consumeCode, destinationOf } from './codes.ts';
import { assertNotLocked, clearFailures, recordFailure } from './lockout.ts';
import { revokeOtherSessions, startSession } from './sessions.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { AfterCommit, notifyNow } from '../notifications/notify.ts';
import { deviceOf } from '../notifications/render.ts';

export interface AccountRef {
  account: string;
  area_code?: string;
}

export async function findUser(
  app: App,
  { account, area_code }: AccountRef,
): Promise<User | undefined> {
  const where = isEmail(account)
    ? eq(users.email, account.toLowerCase())
    : and(eq(users.areaCode, area_code ?? ''), eq(users.phone, account));
  const [user] = await app.db.select().from(users).where(where).limit(1);
  return user;
}

export interface NewUser extends AccountRef {
  password: string;
  invite_code?: string;
  nickname?: string;
}

/** Inserts a user with a fresh invitation code (retrying the rare collision). */
export async function createUser(app: App, input: NewUser): Promise<User> {
  const email = isEmail(input.account) ? input.account.toLowerCase() : null;
  let invitedBy: number | null = null;
  if (input.invite_code) {
    const [inviter] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, input.invite_code.toUpperCase()));
    if (!inviter) throw new AppError('INVITE_INVALID');
    invitedBy = inviter.id;
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    const inserted = await app.db
      .insert(users)
      .values({
        email,
        areaCode: email ? null : (input.area_code ?? null),
        phone: email ? null : input.account,
        nickname: input.nickname ?? maskedAccount(input.account),
        passwordHash,
        inviteCode: newInviteCode(),
        invitedBy,
        createdAt: app.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
    // Nothing inserted: either the account exists (a racing registration) or the code collided.
    if (await findUser(app, input)) throw new AppError('ACCOUNT_EXISTS');
    if (attempt >= 5) throw new Error('could not find a free invitation code');
  }
}

export interface Registration extends NewUser {
  code: string;
}

export async function register(
  app: App,
  input: Registration,
  request: FastifyRequest,
): Promise<AuthResult> {
  if (await findUser(app, input)) throw new AppError('ACCOUNT_EXISTS');
  await consumeCode(app, destinationOf(input.account, input.area_code), 'register', input.code);
  const user = await createUser(app, input);
  return { token: await startSession(app, user.id, request), user: userView(user) };
}

// A real hash of nothing, so a login for an unknown account costs the same as a wrong password.
let decoy: Promise<string> | undefined;

export async function login(
  app: App,
  input: AccountRef & { password: string },
  request: FastifyRequest,
): Promise<AuthResult> {
  const destination = destinationOf(input.account, input.area_code);
  await assertNotLocked(app, destination, request.ip);
  const user = await findUser(app, input);
  decoy ??= hashPassword('decoy-password');
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy), input.password);
  if (!user || !valid) return recordFailure(app, destination, request.ip);
  await clearFailures(app, destination);
  const token = await startSession(app, user.id, request);
  // Told on every device: a login the user did not make is the first sign of a stolen password.
  await notifyNow(app, {
    userId: user.id,
    kind: 'security_login',
    facts: { ip: request.ip, device: deviceOf(request.headers['user-agent']) },
    at: app.clock.now(),
  });
  return { token, user: userView(user) };
}

export async function resetPassword(app: App, input: Registration): Promise<void> {
  const user = await findUser(app, input);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  await consumeCode(app, destinationOf(input.account, input.area_code), 'forget', input.code);
  const after = await setPassword(app, user.id, input.password);
  sessionsChanged();
  await revokeOtherSessions(app, user.id);
  await clearFailures(app, destinationOf(input.account, input.area_code));
  await after.send(app);
}

/** The new password and the user's notification, in one transaction (sent by the caller). */
async function setPassword(app: App, userId: number, password: string): Promise<AfterCommit> {
  const passwordHash = await hashPassword(password);
  const after = new AfterCommit();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await after.notify(tx, {
      userId,
      kind: 'security_password_changed',
      facts: {},
      at: app.clock.now(),
    });
  });
  return after;
}

export async function changePassword(
  app: App,
  user: User,
  sessionId: number | null,
  input: { old_password: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.old_password)))
    throw new AppError('OLD_PASSWORD_WRONG');
  const after = await setPassword(app, user.id, input.password);
  sessionsChanged();
  await revokeOtherSessions(app, user.id, sessionId);
  await after.send(app);
}
