import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { LoginHistoryPage, SessionItem } from '@hx/protocol';
import { loginHistory, sessions } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

/** The user's live sessions, the most recently used first. */
export async function listSessions(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  currentId: number | null,
): Promise<SessionItem[]> {
  const rows = await app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((s) => ({
    id: s.id,
    current: s.id === currentId,
    ip: s.ip,
    agent: s.userAgent,
    created_at: s.createdAt.getTime(),
    last_seen_at: s.lastSeenAt.getTime(),
  }));
}

/** Ends one of the user's own live sessions (this one too: that is logging out). */
export async function revokeOwnSession(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  userId: number,
  sessionId: number,
) {
  const ended = await app.db
    .update(sessions)
    .set({ revokedAt: app.clock.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('SESSION_NOT_FOUND');
  sessionsChanged();
}

export async function loginHistoryOf(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<LoginHistoryPage> {
  const mine = eq(loginHistory.userId, userId);
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(loginHistory)
      .where(mine)
      .orderBy(desc(loginHistory.id))
      .limit(limit)
      .offset((page - 1) * limit),
    app.db.select({ n: count() }).from(loginHistory).where(mine),
  ]);
  return {
    list: rows.map((r) => ({
      at: r.createdAt.getTime(),
      ip: r.ip,
      agent: r.agent,
      result: r.result,
      method: r.method,
    })),
    total: total?.n ?? 0,
    page,
  };
}
