import { isIP } from 'node:net';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { AfterCommit } from '../notifications/notify.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { requireTotp } from '../verification/authenticator.ts';
import type { ApiKeyPermissions } from './permissions.ts';
import { plainIp } from './signed-request.ts';
import { ed25519PublicKeyPem, newApiKey, newApiSecret, secretHashOf } from './signing.ts';

export const MAX_KEYS = 20;
export const MAX_IPS = 20;

/** How a key signs: an Ed25519 key keeps a public key, an HMAC key its secret's hash. */
const kindOf = (k: { publicKey: string | null }): 'ed25519' | 'hmac' =>
  k.publicKey ? 'ed25519' : 'hmac';

const live = (userId: number) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

/** Addresses from a comma/space-separated text or a list; none means any address. */
export function parseIps(ips: string | string[] | undefined): string[] {
  const entries = (Array.isArray(ips) ? ips : (ips ?? '').split(/[\s,]+/))
    .map((ip) => plainIp(ip.trim()))
    .filter(Boolean);
  if (entries.length > MAX_IPS || entries.some((ip) => isIP(ip) === 0))
    throw new AppError('API_KEY_IP_INVALID', { max: MAX_IPS });
  return [...new Set(entries)];
}

export interface NewKey {
  label: string;
  permissions: ApiKeyPermissions;
  ips?: string | string[];
  /** An Ed25519 public key (PEM or base64 of its 32 bytes): the key signs with its private half. */
  public_key?: string;
  totp?: string;
}

type Teller = Pick<ServerDeps, 'clock' | 'db' | 'hub' | 'log' | 'sender'>;

/**
 * A new key. An HMAC key: the secret is returned this once, only its hash is kept. An Ed25519
 * key: only the public key the user pasted is kept (it signs the Binance-compatible API's
 * requests). The user is told.
 */
export async function createKey(app: Teller, userId: number, body: NewKey) {
  const ips = parseIps(body.ips);
  const publicKey = body.public_key === undefined ? null : ed25519PublicKeyPem(body.public_key);
  if (body.public_key !== undefined && publicKey === null)
    throw new AppError('API_KEY_PUBLIC_KEY_INVALID');
  const [held] = await app.db.select({ n: count() }).from(apiKeys).where(live(userId));
  if ((held?.n ?? 0) >= MAX_KEYS) throw new AppError('API_KEY_LIMIT', { max: MAX_KEYS });
  await requireTotp(app, userId, body.totp);
  const key = newApiKey();
  const secret = publicKey === null ? newApiSecret() : null;
  const [row] = await app.db
    .insert(apiKeys)
    .values({
      userId,
      label: body.label,
      key,
      secretHash: secret === null ? null : secretHashOf(secret),
      publicKey,
      permissions: body.permissions,
      ips: ips.length ? ips.join(',') : null,
      createdAt: app.clock.now(),
    })
    .returning({ id: apiKeys.id });
  await tellSecurityChange(app, {
    userId,
    kind: 'security_api_key_created',
    facts: { label: body.label },
    at: app.clock.now(),
  });
  return { id: row!.id, key, kind: kindOf({ publicKey }), secret };
}

export async function listKeys(app: Pick<ServerDeps, 'db'>, userId: number) {
  const rows = await app.db.select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.id));
  return rows.map((k) => ({
    id: k.id,
    label: k.label,
    key: k.key,
    permissions: k.permissions as ApiKeyPermissions,
    kind: kindOf(k),
    ips: k.ips ? k.ips.split(',') : [],
    created_at: k.createdAt.getTime(),
    last_used_at: k.lastUsedAt?.getTime() ?? null,
  }));
}

/** Deletes one of the user's keys; the next request signed with it is refused. The user is told. */
export async function deleteKey(app: Teller, userId: number, id: number) {
  const [gone] = await app.db
    .update(apiKeys)
    .set({ revokedAt: app.clock.now() })
    .where(and(eq(apiKeys.id, id), live(userId)))
    .returning({ label: apiKeys.label });
  if (!gone) throw new AppError('API_KEY_NOT_FOUND');
  sessionsChanged();
  await tellSecurityChange(app, {
    userId,
    kind: 'security_api_key_deleted',
    facts: { label: gone.label },
    at: app.clock.now(),
  });
}

/**
 * Deletes every key of the user in `tx`, the transaction that ends all their sessions (a password
 * reset or change, support ending them): a key made by whoever held the old password or a session
 * would otherwise outlive it. The user is told when there were any. Returns how many.
 */
export async function revokeAllKeys(
  tx: Db,
  after: AfterCommit,
  userId: number,
  at: Date,
): Promise<number> {
  const gone = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(live(userId))
    .returning({ id: apiKeys.id });
  if (gone.length > 0)
    await after.notify(tx, {
      userId,
      kind: 'security_api_keys_revoked',
      facts: { count: gone.length },
      at,
    });
  return gone.length;
}
