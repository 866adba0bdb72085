import type { Origin } from '../../lib/request-context.ts';
import { and, eq } from 'drizzle-orm';
import { isEmail, type AuthResult, type LoginAnswer } from '@hx/protocol';
import { users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newInviteCode } from '../../lib/tokens.ts';
import { maskedAccount, userViewOf } from '../user/view.ts';
import { secondFactorTicket } from '../two-factor/tickets.ts';
import { consumeCode, destinationOf } from '../verification/codes.ts';
import { checkOldPassword, clearFailures, startLoginAttempt } from '../verification/lockout.ts';
import { revokeOtherSessions, startSession } from '../devices/sessions.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { completeLogin } from '../devices/logged-in.ts';
import { recordLogin, type LoginResult } from '../devices/login-history.ts';
import { lockWithdrawals } from '../security/withdraw-lock.ts';
import { revokeAllKeys } from '../api-keys/service.ts';
import { removeAllPasskeys } from '../passkeys/remove-all.ts';

export interface AccountRef {
  account: string;
  area_code?: string;
}

export async function findUser(
  app: Pick<ServerDeps, 'db'>,
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
export async function createUser(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  input: NewUser,
): Promise<User> {
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
  app: Pick<ServerDeps, 'clock' | 'db'>,
  input: Registration,
  origin: Origin,
): Promise<AuthResult> {
  if (await findUser(app, input)) throw new AppError('ACCOUNT_EXISTS');
  await consumeCode(app, destinationOf(input.account, input.area_code), 'register', input.code);
  const user = await createUser(app, input);
  // The device that registered is known: its first login is no "new device".
  await recordLogin(app.db, user.id, origin, 'ok', 'password', app.clock.now());
  return { token: await startSession(app, user.id, origin), user: await userViewOf(app.db, user) };
}

/** Why a login was refused before its password was checked, as the history says it. */
function refusalOf(err: unknown): LoginResult {
  const code = err instanceof AppError ? err.code : null;
  if (code === 'LOGIN_CODE_REQUIRED') return 'code_required';
  if (code === 'CODE_INVALID') return 'wrong_code';
  return 'locked';
}

// A real hash of nothing, so a login for an unknown account costs the same as a wrong password.
let decoy: Promise<string> | undefined;

export async function login(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  input: AccountRef & { password: string; code?: string },
  origin: Origin,
): Promise<LoginAnswer> {
  const destination = destinationOf(input.account, input.area_code);
  const user = await findUser(app, input);
  const refused = (result: LoginResult) =>
    user && recordLogin(app.db, user.id, origin, result, 'password', app.clock.now());
  // After many wrong passwords from elsewhere, the owner proves the mailbox or phone instead.
  const code = input.code;
  const proveAccount = code ? () => consumeCode(app, destination, 'login', code) : null;
  const attempt = await startLoginAttempt(app, destination, origin.ip, {
    code: proveAccount,
  }).catch(async (err: unknown) => {
    await refused(refusalOf(err));
    throw err;
  });
  decoy ??= hashPassword('decoy-password');
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy), input.password);
  if (!user || !valid) {
    await refused('wrong_password');
    return attempt.failed();
  }
  await attempt.succeeded();
  // With an authenticator on, the login stops here and goes on at user/login/2fa.
  const pending = await secondFactorTicket(app, user, origin);
  if (pending) return pending;
  return completeLogin(app, user, origin);
}

export async function resetPassword(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log'>,
  input: Registration,
): Promise<void> {
  const user = await findUser(app, input);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  await consumeCode(app, destinationOf(input.account, input.area_code), 'forget', input.code);
  const after = await setPassword(app, user.id, input.password, 'reset');
  sessionsChanged();
  await revokeOtherSessions(app, user.id);
  await clearFailures(app, destinationOf(input.account, input.area_code));
  await after.send(app);
}

/**
 * The new password, the 24 h withdrawal lock, the user's API keys deleted and the user's
 * notifications, in one transaction (sent by the caller). A change with the old password locks
 * too, as at Binance and OKX: a thief who phished the password changes it first to shut the
 * owner out. It deletes the keys too, as it ends the other sessions: a key made by whoever
 * held the old password must not outlive it. A reset (the owner proving the mailbox or phone,
 * perhaps to take the account back) deletes the passkeys too: they log in without a password.
 */
async function setPassword(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  password: string,
  how: 'reset' | 'change' = 'change',
): Promise<AfterCommit> {
  const passwordHash = await hashPassword(password);
  const after = new AfterCommit();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await lockWithdrawals(tx, userId, app.clock.now());
    await after.notify(tx, {
      userId,
      kind: 'security_password_changed',
      facts: {},
      at: app.clock.now(),
    });
    await revokeAllKeys(tx, after, userId, app.clock.now());
    if (how === 'reset') await removeAllPasskeys(tx, after, userId, app.clock.now());
  });
  return after;
}

export async function changePassword(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log'>,
  user: User,
  sessionId: number | null,
  input: { old_password: string; password: string },
): Promise<void> {
  await checkOldPassword(app, user, input.old_password);
  const after = await setPassword(app, user.id, input.password);
  sessionsChanged();
  await revokeOtherSessions(app, user.id, sessionId);
  await after.send(app);
}
