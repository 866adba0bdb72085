import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { AuthResult, PasskeyItem, PasskeyOptionsBody, WebauthnOptions } from '@hx/protocol';
import { passkeys, users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import type { Origin } from '../../lib/request-context.ts';
import type { User } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { completeLogin } from '../devices/logged-in.ts';
import { checkOldPassword } from '../verification/lockout.ts';
import { checkTotp, spendTotp } from '../verification/authenticator.ts';
import { recordLogin } from '../devices/login-history.ts';
import { AfterCommit } from '../notifications/notify.ts';
import { lockWithdrawals } from '../security/withdraw-lock.ts';
import { keepChallenge, useChallenge } from './challenges.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * Passkeys with SimpleWebAuthn. They are discoverable (the authenticator keeps the account), so a
 * login needs no account name; and they verify the user (PIN or biometrics), so a passkey alone
 * is a login as strong as a password and a second factor.
 */

/** The user handle stored with the passkey: the user's id, not the account (no e-mail in it). */
const userHandleOf = (userId: number) => isoUint8Array.fromUTF8String(`hx:${userId}`);

const credentialBase = {
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const registrationJson = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: z.string(),
    attestationObject: z.string(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
const authenticationJson = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.string().optional(),
  }),
});

/** The browser's credential from its JSON, and the challenge it signed. */
function credentialOf<T extends z.ZodType<{ response: { clientDataJSON: string } }>>(
  schema: T,
  json: string,
): { credential: z.infer<T>; challenge: string } {
  try {
    const credential = schema.parse(JSON.parse(json));
    return {
      credential,
      challenge: decodeClientDataJSON(credential.response.clientDataJSON).challenge,
    };
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
}

const itemOf = (row: typeof passkeys.$inferSelect): PasskeyItem => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.getTime(),
  last_used_at: row.lastUsedAt?.getTime() ?? null,
});

export async function listPasskeys(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
): Promise<PasskeyItem[]> {
  const rows = await app.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));
  return rows.map(itemOf);
}

/**
 * Options for `navigator.credentials.create`: a new passkey for this account on this site. A
 * passkey logs in without the password or the second factor, so the session alone does not
 * get one: the authenticator's code (spent here) while 2FA is on, the password otherwise.
 */
export async function registrationOptions(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  user: User,
  rp: RelyingParty,
  proof: PasskeyOptionsBody = {},
): Promise<WebauthnOptions> {
  const totp = await checkTotp(app, user.id, proof.totp);
  if (totp) await spendTotp(app.db, user.id, totp, app.clock.now());
  else if (!proof.password) throw new AppError('PASSWORD_REQUIRED');
  else await checkOldPassword(app, user, proof.password, 'PASSWORD_WRONG');
  const existing = await app.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.email ?? `+${user.areaCode ?? ''} ${user.phone ?? ''}`.trim(),
    userDisplayName: user.nickname,
    attestationType: 'none',
    // The same authenticator twice would only replace its own passkey.
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(app, 'register', options.challenge, user.id);
  return { ...options };
}

/**
 * Adds the passkey the browser made. Withdrawals lock for 24 h in the same transaction (a thief
 * holding a session could add one) and the user is told.
 */
export async function addPasskey(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log'>,
  user: User,
  rp: RelyingParty,
  input: { name: string; response: string },
): Promise<PasskeyItem> {
  const { credential, challenge } = credentialOf(registrationJson, input.response);
  await useChallenge(app, 'register', challenge, user.id);
  const verified = await verifyRegistrationResponse({
    response: credential as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((err: unknown) => refused(app, err));
  if (!verified.verified) throw new AppError('PASSKEY_INVALID');
  const key = verified.registrationInfo.credential;
  const now = app.clock.now();
  const after = new AfterCommit();
  const row = await app.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: key.id,
        publicKey: isoBase64URL.fromBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports ?? credential.response.transports ?? [],
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError('PASSKEY_EXISTS');
    await lockWithdrawals(tx, user.id, now);
    await after.notify(tx, {
      userId: user.id,
      kind: 'security_passkey_added',
      facts: { name: input.name },
      at: now,
    });
    return added;
  });
  await after.send(app);
  return itemOf(row);
}

export async function removePasskey(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  id: number,
): Promise<void> {
  const removed = await app.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
}

/** Options for `navigator.credentials.get` with no account: the authenticator offers its own. */
export async function loginOptions(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  rp: RelyingParty,
): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
  });
  await keepChallenge(app, 'login', options.challenge, null);
  return { ...options };
}

/** A login with a passkey and no password: a session, like `user/login`. */
export async function loginWithPasskey(
  app: Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>,
  { origin, rp }: { origin: Origin; rp: RelyingParty },
  input: { response: string },
): Promise<AuthResult> {
  const { credential, challenge } = credentialOf(authenticationJson, input.response);
  await useChallenge(app, 'login', challenge, null);
  const [passkey] = await app.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, credential.id));
  if (!passkey) throw new AppError('PASSKEY_UNKNOWN');
  // The account is known from here on: a refusal goes into its login history.
  const refusedFor = async (err: unknown): Promise<never> => {
    await recordLogin(app.db, passkey.userId, origin, 'wrong_passkey', 'passkey', app.clock.now());
    throw err;
  };
  const handle = credential.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId)))
    return refusedFor(new AppError('PASSKEY_INVALID'));
  const verified = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  })
    .catch((err: unknown) => refused(app, err))
    .catch(refusedFor);
  if (!verified.verified) return refusedFor(new AppError('PASSKEY_INVALID'));
  await app.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: app.clock.now() })
    .where(eq(passkeys.id, passkey.id));
  const [user] = await app.db.select().from(users).where(eq(users.id, passkey.userId));
  if (!user) throw new AppError('PASSKEY_UNKNOWN');
  return completeLogin(app, user, origin, 'passkey');
}

/** SimpleWebAuthn says why in an exception; the user gets one clear error, the log the reason. */
function refused(app: Pick<ServerDeps, 'log'>, err: unknown): never {
  app.log.info({ reason: err instanceof Error ? err.message : String(err) }, 'passkey refused');
  throw new AppError('PASSKEY_INVALID');
}
