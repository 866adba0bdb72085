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
 * Whether `endpoint` is on a push service of PUSH_SERVICE_HOSTS (https), or, outside production,
 * a stand-in on 127.0.0.1 (tests): the server posts to it, so no other host may be named.
 */
export function knownPushService(config: Config, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'http:' || url.hostname === '127.0.0.1')
    return config.mode !== 'production' && url.hostname === '127.0.0.1';
  const host = url.hostname.toLowerCase();
  return config.pushServiceHosts.some((known) => host === known || host.endsWith(`.${known}`));
}

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
