import { and, inArray, isNull, eq } from 'drizzle-orm';
import { sessions, users, type Db } from '@hx/db';

export type SessionRow = { user: typeof users.$inferSelect; sessionId: number };

/**
 * Finds live sessions by token hash, one query for all the requests that arrive together: on the
 * embedded database a query costs milliseconds whatever it returns, so 50 concurrent requests
 * would otherwise wait for 50 lookups. Each lookup still sees revocations made before it runs.
 */
export function sessionLookup(db: Db): (tokenHash: string) => Promise<SessionRow | null> {
  let waiting = new Map<string, ((row: SessionRow | null) => void)[]>();
  let failing = new Map<string, ((err: unknown) => void)[]>();
  let scheduled = false;

  async function flush() {
    const batch = waiting;
    const errors = failing;
    waiting = new Map();
    failing = new Map();
    scheduled = false;
    try {
      const rows = await db
        .select({ user: users, sessionId: sessions.id, tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.tokenHash, [...batch.keys()]), isNull(sessions.revokedAt)));
      const found = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
      for (const [hash, resolvers] of batch)
        for (const resolve of resolvers) resolve(found.get(hash) ?? null);
    } catch (err) {
      for (const rejecters of errors.values()) for (const reject of rejecters) reject(err);
    }
  }

  return (tokenHash) =>
    new Promise((resolve, reject) => {
      waiting.set(tokenHash, [...(waiting.get(tokenHash) ?? []), resolve]);
      failing.set(tokenHash, [...(failing.get(tokenHash) ?? []), reject]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
