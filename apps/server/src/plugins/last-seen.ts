import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sessions, type Db } from '@hx/db';
import type { Clock } from '../lib/clock.ts';

/** A session's `last_seen_at` moves at most this often: a write a minute, not one a request. */
export const SEEN_EVERY_MS = 60_000;

/**
 * Keeps sessions' `last_seen_at` fresh for the device list. Each process remembers when it last
 * wrote a session, so most requests cost nothing; the write itself is skipped by the database
 * when another process wrote within the minute. No `sessionsChanged()`: what the session lookup
 * remembers (the user, the session id) does not include when it was last seen.
 */
export function lastSeen(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): (sessionId: number) => Promise<void> {
  const written = new Map<number, number>();
  return async (sessionId) => {
    const now = clock.now();
    const last = written.get(sessionId);
    if (last !== undefined && now.getTime() - last < SEEN_EVERY_MS && now.getTime() >= last) return;
    if (written.size > 100_000) written.clear();
    written.set(sessionId, now.getTime());
    try {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(sessions.id, sessionId),
            lt(sessions.lastSeenAt, new Date(now.getTime() - SEEN_EVERY_MS)),
          ),
        );
    } catch (err) {
      // The request goes on: a stale "last seen" is no reason to refuse it.
      log.warn({ err }, 'could not record when a session was last seen');
    }
  };
}
