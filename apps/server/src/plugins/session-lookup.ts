import { and, gt, inArray, isNull, eq, type SQL } from 'drizzle-orm';
import { sessions, users, type Db } from '@hx/db';
import type { Config } from '../config.ts';

export type SessionRow = { user: typeof users.$inferSelect; sessionId: number };

/** How long a user session lasts: SESSION_IDLE_DAYS unused, SESSION_MAX_DAYS in all. */
export type SessionLifetime = Pick<Config, 'sessionIdleDays' | 'sessionMaxDays'>;
const DAY_MS = 86_400_000;

/** When a session ends unless used again: its idle bound, or its whole life if sooner. */
export function sessionEndsAt(
  life: SessionLifetime,
  session: { createdAt: Date; lastSeenAt: Date },
): Date {
  return new Date(
    Math.min(
      session.lastSeenAt.getTime() + life.sessionIdleDays * DAY_MS,
      session.createdAt.getTime() + life.sessionMaxDays * DAY_MS,
    ),
  );
}

/**
 * The sessions live at `now`: not ended, used within the idle bound (`last_seen_at` moves at
 * most once a minute, see last-seen.ts) and younger than the whole. One condition for every
 * reader (requests, sockets, the device list), on the rows they read anyway.
 */
export function liveSessionAt(life: SessionLifetime, now: Date): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastSeenAt, new Date(now.getTime() - life.sessionIdleDays * DAY_MS)),
    gt(sessions.createdAt, new Date(now.getTime() - life.sessionMaxDays * DAY_MS)),
  )!;
}

/** How long a session found is remembered; a change to any user or session forgets it at once. */
export const SESSION_MEMORY_MS = 1000;
let generation = 0;
const listeners = new Set<() => void>();

/**
 * Called by every change to a user row or a session, an operator's too (freeze, revoke, password,
 * fund password, KYC state, profile, operator disabled): what this process remembers of sessions
 * is dropped, so the next request reads them again, and the live socket checks the sessions of
 * its connections. Another process (several servers on one PostgreSQL) sees the change within
 * SESSION_MEMORY_MS.
 */
export function sessionsChanged(): void {
  generation++;
  for (const listener of listeners) listener();
}

/** Runs `listener` after every `sessionsChanged()` of this process; returns what stops it. */
export function onSessionsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Finds live sessions by token hash, one query for all the requests that arrive together: on the
 * embedded database a query costs milliseconds whatever it returns, so 50 concurrent requests
 * would otherwise wait for 50 lookups. A session found is remembered for SESSION_MEMORY_MS, or
 * until `sessionsChanged()`; a lookup that was running when something changed is not remembered.
 * A session past its lifetime at `expiry.clock` is not found (nor remembered). `now` times the
 * memory only.
 */
export function sessionLookup(
  db: Db,
  expiry: { life: SessionLifetime; clock: () => Date },
  now: () => number = Date.now,
): (tokenHash: string) => Promise<SessionRow | null> {
  type Waiter = { resolve: (row: SessionRow | null) => void; reject: (err: unknown) => void };
  type Remembered = { row: SessionRow; at: number; generation: number; endsAt: number };
  let waiting = new Map<string, Waiter[]>();
  const remembered = new Map<string, Remembered>();

  async function flush() {
    const batch = waiting;
    waiting = new Map();
    const asOf = generation;
    const started = now();
    try {
      const rows = await db
        .select({
          user: users,
          sessionId: sessions.id,
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.tokenHash, [...batch.keys()]),
            liveSessionAt(expiry.life, expiry.clock()),
          ),
        );
      const found = new Map<string, SessionRow>();
      if (remembered.size > 10_000) remembered.clear();
      for (const { tokenHash, createdAt, lastSeenAt, ...row } of rows) {
        found.set(tokenHash, row);
        const endsAt = sessionEndsAt(expiry.life, { createdAt, lastSeenAt }).getTime();
        remembered.set(tokenHash, { row, at: started, generation: asOf, endsAt });
      }
      for (const [hash, waiters] of batch)
        for (const w of waiters) w.resolve(found.get(hash) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return (tokenHash) => {
    const known = remembered.get(tokenHash);
    if (
      known &&
      known.generation === generation &&
      now() - known.at < SESSION_MEMORY_MS &&
      expiry.clock().getTime() < known.endsAt
    )
      return Promise.resolve(known.row);
    return new Promise((resolve, reject) => {
      // The first lookup of a tick schedules the query; the others of that tick join it.
      if (waiting.size === 0) setImmediate(() => void flush());
      waiting.set(tokenHash, [...(waiting.get(tokenHash) ?? []), { resolve, reject }]);
    });
  };
}
