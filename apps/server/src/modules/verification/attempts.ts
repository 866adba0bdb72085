import { and, count, eq, gt, inArray, lte } from 'drizzle-orm';
import { loginFailures } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';

export interface Limit {
  key: string;
  max: number;
}

export interface Attempt {
  /** Attempts counted in the window for each limit's key, this one included. */
  counts: number[];
  /** The secret was right: this attempt no longer counts, nor does anything under `clear`. */
  succeeded(clear?: string[]): Promise<void>;
  /** The secret was never checked (something else refused first): the attempt does not count. */
  takeBack(): Promise<void>;
}

/**
 * Takes one attempt at a secret (password, fund password) before it is checked, so concurrent
 * guesses cannot all slip under a limit: the attempt is written first (committed on its own)
 * and then counted with those taken before it (by id). The n-th attempt counts n, so at most
 * `max` attempts are ever checked at once. Returns null when a limit is reached: that attempt is
 * taken back, so a lock ends on time. A wrong secret leaves its attempt counted.
 */
export async function takeAttempt(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  limits: Limit[],
  windowMs: number,
): Promise<Attempt | null> {
  const now = app.clock.now();
  const own = await app.db
    .insert(loginFailures)
    .values(limits.map(({ key }) => ({ key, createdAt: now })))
    .returning({ id: loginFailures.id, key: loginFailures.key });
  const ids = own.map((row) => row.id);
  const ownId = new Map(own.map((row) => [row.key, row.id]));
  const since = new Date(now.getTime() - windowMs);
  const counts = await Promise.all(
    limits.map(async ({ key }) => {
      const [row] = await app.db
        .select({ n: count() })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.key, key),
            gt(loginFailures.createdAt, since),
            // Its rank among the attempts: the ones taken after it do not push it over.
            lte(loginFailures.id, ownId.get(key)!),
          ),
        );
      return row?.n ?? 0;
    }),
  );
  const forget = () => app.db.delete(loginFailures).where(inArray(loginFailures.id, ids));
  if (limits.some(({ max }, i) => counts[i]! > max)) {
    await forget();
    return null;
  }
  return {
    counts,
    async succeeded(clear = []) {
      await forget();
      if (clear.length) await app.db.delete(loginFailures).where(inArray(loginFailures.key, clear));
    },
    takeBack: async () => {
      await forget();
    },
  };
}
