import { and, inArray, isNull, eq } from 'drizzle-orm';
import { sessions, users, type Db } from '@hx/db';

export type SessionRow = { user: typeof users.$inferSelect; sessionId: number };

/**
 * Finds live sessions by token hash, one query for all the requests that arrive together: on the
 * embedded database a query costs milliseconds whatever it returns, so 50 concurrent requests
 * would otherwise wait for 50 lookups. Each lookup still sees revocations made before it runs.
 */
export function sessionLookup(db: Db): (tokenHash: string) => Promise<SessionRow | null> {
  type Waiter = { resolve: (row: SessionRow | null) => void; reject: (err: unknown) => void };
  let waiting = new Map<string, Waiter[]>();

  async function flush() {
    const batch = waiting;
    waiting = new Map();
    try {
      const rows = await db
        .select({ user: users, sessionId: sessions.id, tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.tokenHash, [...batch.keys()]), isNull(sessions.revokedAt)));
      const found = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
      for (const [hash, waiters] of batch)
        for (const w of waiters) w.resolve(found.get(hash) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return (tokenHash) =>
    new Promise((resolve, reject) => {
      // The first lookup of a tick schedules the query; the others of that tick join it.
      if (waiting.size === 0) setImmediate(() => void flush());
      waiting.set(tokenHash, [...(waiting.get(tokenHash) ?? []), { resolve, reject }]);
    });
}
