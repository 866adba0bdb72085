import { ECDH } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  PUSH_KINDS,
  type PushKind,
  type PushPreferences,
  type PushSubscribeBody,
} from '@hx/protocol';
import { pushPreferences, pushSubscriptions, type Db } from '@hx/db';
import type { Config } from '../../config.ts';
import { fail } from '../../lib/errors.ts';
import { isAddressHost } from './endpoint-guard.ts';

/** Browsers one user may have subscribed at a time; a new one beyond this replaces the oldest. */
export const PUSH_MAX_DEVICES = 10;

/** A P-256 point the browser can have made (web-push would fail on it later otherwise). */
function isP256Point(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `endpoint` is on a push service of PUSH_SERVICE_HOSTS: https on one of its host names
 * or under one, never written as an address (so never 127.0.0.1 however spelt, nor a private
 * one); or the exact origin of a receiver named there (`http://127.0.0.1:9400`, the tests'). The
 * server posts to it, so no other host may be named; delivery.ts checks what a name resolves to.
 */
export function knownPushService(
  config: Pick<Config, 'pushServiceHosts'>,
  endpoint: string,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (namedReceiver(config, url)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (isAddressHost(url.hostname)) return false;
  const host = url.hostname.toLowerCase();
  return config.pushServiceHosts.some(
    (known) => !known.includes('://') && (host === known || host.endsWith(`.${known}`)),
  );
}

/** A receiver PUSH_SERVICE_HOSTS names by its whole origin: sent to as named, even on loopback. */
export const namedReceiver = (config: Pick<Config, 'pushServiceHosts'>, url: URL) =>
  config.pushServiceHosts.includes(url.origin);

/**
 * Stores the browser's subscription for `userId`. An endpoint is one browser: subscribing it
 * again (another account logged in there) moves it to this user with the new keys.
 */
export async function subscribe(
  db: Db,
  config: Config,
  userId: number,
  body: PushSubscribeBody,
): Promise<void> {
  if (!knownPushService(config, body.endpoint)) fail('PUSH_ENDPOINT_INVALID');
  if (!isP256Point(body.keys.p256dh)) fail('PUSH_KEYS_INVALID');
  const { endpoint } = body;
  const { p256dh, auth } = body.keys;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh, auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id));
    const extra = kept.slice(0, Math.max(0, kept.length - PUSH_MAX_DEVICES)).map((r) => r.id);
    if (extra.length > 0)
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

/** Forgets the user's subscription of this endpoint (another user's is left alone). */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * The user's switches (on unless turned off), how many browsers are subscribed, and whether
 * `endpoint` (the asking browser's) is one of them.
 */
export async function preferences(
  db: Db,
  userId: number,
  endpoint?: string,
): Promise<PushPreferences> {
  const mine = eq(pushSubscriptions.userId, userId);
  const [offRows, [devices], [thisDevice]] = await Promise.all([
    db
      .select({ kind: pushPreferences.kind })
      .from(pushPreferences)
      .where(and(eq(pushPreferences.userId, userId), eq(pushPreferences.push, false))),
    db.select({ n: count() }).from(pushSubscriptions).where(mine),
    endpoint
      ? db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(mine, eq(pushSubscriptions.endpoint, endpoint)))
      : [],
  ]);
  const off = new Set(offRows.map((r) => r.kind));
  return {
    list: PUSH_KINDS.map((kind) => ({ kind, push: !off.has(kind) })),
    devices: devices?.n ?? 0,
    this_device: thisDevice !== undefined,
  };
}

export async function setPreference(
  db: Db,
  userId: number,
  kind: PushKind,
  push: boolean,
  endpoint?: string,
): Promise<PushPreferences> {
  await db
    .insert(pushPreferences)
    .values({ userId, kind, push })
    .onConflictDoUpdate({ target: [pushPreferences.userId, pushPreferences.kind], set: { push } });
  return preferences(db, userId, endpoint);
}

/** The kinds of event each of `userIds` turned off. */
export async function switchedOff(db: Db, userIds: number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: pushPreferences.userId, kind: pushPreferences.kind })
    .from(pushPreferences)
    .where(and(inArray(pushPreferences.userId, userIds), eq(pushPreferences.push, false)));
  return new Set(rows.map((r) => `${r.userId}:${r.kind}`));
}
