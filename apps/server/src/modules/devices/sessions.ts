import type { Origin } from '../../lib/request-context.ts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

/** Starts a session: the token goes to the client once; only its hash is kept. */
export async function startSession(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  origin: Origin,
): Promise<string> {
  const token = newToken();
  await app.db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    createdAt: app.clock.now(),
    lastSeenAt: app.clock.now(),
  });
  return token;
}

export async function revokeSession(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  sessionId: number,
): Promise<void> {
  await app.db
    .update(sessions)
    .set({ revokedAt: app.clock.now() })
    .where(eq(sessions.id, sessionId));
  sessionsChanged();
}

/** Ends every session of the user except `keep` (none when absent). */
export async function revokeOtherSessions(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  keep?: number | null,
): Promise<void> {
  await app.db
    .update(sessions)
    .set({ revokedAt: app.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
  sessionsChanged();
}
