import type { FastifyBaseLogger } from 'fastify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import {
  DEFAULT_LOCALE,
  isLocale,
  isNotificationKind,
  PUSH_OPEN_PATH,
  pushKindOf,
  type PushMessage,
} from '@hx/protocol';
import { notifications, pushSubscriptions, users, type Db } from '@hx/db';
import type { Facts, Told } from '../notifications/notify.ts';
import { render } from '../notifications/render.ts';
import { publicOnlyLookup } from './endpoint-guard.ts';
import type { VapidKeys } from './keys.ts';
import { knownPushService, namedReceiver, switchedOff } from './service.ts';

/** How long a push service keeps a message for a browser that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushDeps {
  db: Db;
  log: FastifyBaseLogger;
  keys: VapidKeys;
  subject: string;
  /** PUSH_SERVICE_HOSTS: a receiver named there by its origin is sent to without the check. */
  pushServiceHosts: string[];
}

export interface PushLimits {
  /** Notifications waiting to be pushed; beyond this new ones are not pushed (logged). */
  maxQueued: number;
  /** One request to a push service. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
}

const DEFAULT_LIMITS: PushLimits = { maxQueued: 5000, timeoutMs: 10_000, concurrency: 8 };
/** Notifications read and sent per round (three queries each). */
const BATCH = 100;

type Subscription = typeof pushSubscriptions.$inferSelect;

/**
 * Sends committed notifications to their users' browsers, off the path that made them: `enqueue`
 * only adds to a bounded in-process queue (a full queue drops, it never waits), and one loop
 * drains it. Written in the user's language with the centre's renderer; a kind of event switched
 * off is not sent. A push service answering 404 or 410 (the browser unsubscribed) deletes the
 * subscription. Nothing is retried: the bell still has every notification.
 */
export class PushDelivery {
  private readonly queue: Told[] = [];
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Ends the requests in flight when the server stops. */
  private readonly stopping = new AbortController();
  private readonly limits: PushLimits;

  constructor(
    private readonly deps: PushDeps,
    limits: Partial<PushLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** The VAPID keys browsers subscribe with (the public one is served to the app). */
  get keys(): VapidKeys {
    return this.deps.keys;
  }

  enqueue(told: readonly Told[]): void {
    if (this.stopped || told.length === 0) return;
    const room = this.limits.maxQueued - this.queue.length;
    if (told.length > room)
      this.deps.log.warn({ dropped: told.length - Math.max(0, room) }, 'push queue full');
    if (room > 0) this.queue.push(...told.slice(0, room));
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Resolves once everything queued so far was sent (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.stopping.abort();
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.deliver(batch);
      } catch (err) {
        this.deps.log.warn({ err }, 'notifications were not pushed');
      }
    }
  }

  private async deliver(batch: Told[]): Promise<void> {
    const { db } = this.deps;
    const userIds = [...new Set(batch.map((t) => t.userId))];
    const subs = await db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
    if (subs.length === 0) return; // most users never subscribe: one query for them
    const subscribed = [...new Set(subs.map((s) => s.userId))];
    const [off, rows] = await Promise.all([
      switchedOff(db, subscribed),
      db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          kind: notifications.kind,
          params: notifications.params,
          lang: users.lang,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(
          and(
            inArray(
              notifications.id,
              batch.map((t) => t.id),
            ),
            inArray(notifications.userId, subscribed),
          ),
        ),
    ]);
    const sends: (() => Promise<void>)[] = [];
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (!isNotificationKind(row.kind) || off.has(`${row.userId}:${pushKindOf(row.kind)}`))
        continue;
      const lang = isLocale(row.lang) ? row.lang : DEFAULT_LOCALE;
      const message: PushMessage = {
        id: row.id,
        kind: row.kind,
        ...render(row.kind, row.params as Facts, lang),
        url: PUSH_OPEN_PATH,
      };
      const payload = JSON.stringify(message);
      for (const sub of subs)
        if (sub.userId === row.userId) sends.push(() => this.send(sub, payload));
    }
    await inPool(sends, this.limits.concurrency);
  }

  /** One encrypted message to one browser's push service (RFC 8030, 8291, 8292). */
  private async send(sub: Subscription, payload: string): Promise<void> {
    const { keys, subject, log, db } = this.deps;
    const where = new URL(sub.endpoint).origin; // the path identifies the browser: not logged
    // Stored before the rules of today (or under other PUSH_SERVICE_HOSTS): not sent to.
    if (!knownPushService(this.deps, sub.endpoint)) {
      log.warn({ push: where }, 'push endpoint not on a push service: not sent');
      return;
    }
    // A controller of its own (AbortSignal.any of a timeout can be collected before it fires).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.limits.timeoutMs);
    const stop = () => abort.abort();
    this.stopping.signal.addEventListener('abort', stop, { once: true });
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        // post() sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      // Not fetch: the connection must go to the address checked (publicOnlyLookup), and a
      // receiver named in PUSH_SERVICE_HOSTS may speak http (the tests').
      const url = new URL(request.endpoint);
      const response = await post(url, {
        method: request.method,
        headers,
        body: request.body,
        signal: abort.signal,
        checked: !namedReceiver(this.deps, url),
      });
      if (response.status === 404 || response.status === 410) {
        await db
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)),
          );
        log.info({ push: where, status: response.status }, 'push subscription gone: deleted');
      } else if (!response.ok) {
        log.warn({ push: where, status: response.status }, 'push service refused a message');
      }
    } catch (err) {
      log.warn({ push: where, err: String(err) }, 'push message not sent');
    } finally {
      clearTimeout(timer);
      this.stopping.signal.removeEventListener('abort', stop);
    }
  }
}

/**
 * One request and its status; the answer's body is not read. `checked`: resolve the host only to
 * public addresses (a name that points at this machine or its network fails before connecting).
 */
function post(
  url: URL,
  options: {
    method: string;
    headers: Headers;
    body: Buffer | null | undefined;
    signal: AbortSignal;
    checked: boolean;
  },
): Promise<{ status: number; ok: boolean }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: options.method,
        headers: {
          ...Object.fromEntries(options.headers),
          'content-length': String(options.body?.length ?? 0),
        },
        signal: options.signal,
        ...(options.checked && { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300 });
      },
    );
    req.on('error', reject);
    req.end(options.body ?? undefined);
  });
}

/** Runs `tasks` with at most `size` at a time. */
async function inPool(tasks: (() => Promise<void>)[], size: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
}
