import { and, inArray, isNull, eq } from 'drizzle-orm';
import { sessions, users, type Db } from '@hx/db';

export type SessionRow = { user: typeof users.$inferSelect; sessionId: number };

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
 */
export function sessionLookup(
  db: Db,
  now: () => number = Date.now,
): (tokenHash: string) => Promise<SessionRow | null> {
  type Waiter = { resolve: (row: SessionRow | null) => void; reject: (err: unknown) => void };
  let waiting = new Map<string, Waiter[]>();
  const remembered = new Map<string, { row: SessionRow; at: number; generation: number }>();

  async function flush() {
    const batch = waiting;
    waiting = new Map();
    const asOf = generation;
    const started = now();
    try {
      const rows = await db
        .select({ user: users, sessionId: sessions.id, tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.tokenHash, [...batch.keys()]), isNull(sessions.revokedAt)));
      const found = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
      if (remembered.size > 10_000) remembered.clear();
      for (const [hash, row] of found) remembered.set(hash, { row, at: started, generation: asOf });
      for (const [hash, waiters] of batch)
        for (const w of waiters) w.resolve(found.get(hash) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return (tokenHash) => {
    const known = remembered.get(tokenHash);
    if (known && known.generation === generation && now() - known.at < SESSION_MEMORY_MS)
      return Promise.resolve(known.row);
    return new Promise((resolve, reject) => {
      // The first lookup of a tick schedules the query; the others of that tick join it.
      if (waiting.size === 0) setImmediate(() => void flush());
      waiting.set(tokenHash, [...(waiting.get(tokenHash) ?? []), { resolve, reject }]);
    });
  };
}
