import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { deviceOf, type LoginHistoryPage, type SessionItem } from '@hx/protocol';
import { loginHistory, sessions } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { liveSessionAt, sessionEndsAt, sessionsChanged } from '../../plugins/session-lookup.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';

type Teller = Pick<ServerDeps, 'clock' | 'config' | 'db' | 'hub' | 'log' | 'sender'>;

/** The user's live sessions (expired ones are gone), the most recently used first. */
export async function listSessions(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  userId: number,
  currentId: number | null,
): Promise<SessionItem[]> {
  const rows = await app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSessionAt(app.config, app.clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((s) => ({
    id: s.id,
    current: s.id === currentId,
    ip: s.ip,
    agent: s.userAgent,
    created_at: s.createdAt.getTime(),
    last_seen_at: s.lastSeenAt.getTime(),
    ends_at: sessionEndsAt(app.config, s).getTime(),
  }));
}

/**
 * Ends one of the user's own live sessions (this one too: that is logging out). Ending another
 * device's is told in the bell and by mail: if it was not the owner, they learn of it.
 */
export async function revokeOwnSession(
  app: Teller,
  userId: number,
  sessionId: number,
  currentId: number | null,
) {
  const now = app.clock.now();
  const [ended] = await app.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), liveSessionAt(app.config, now)),
    )
    .returning({ ip: sessions.ip, agent: sessions.userAgent });
  if (!ended) throw new AppError('SESSION_NOT_FOUND');
  sessionsChanged();
  if (sessionId === currentId) return;
  await tellSecurityChange(app, {
    userId,
    kind: 'security_device_logged_out',
    facts: { ip: ended.ip ?? '--', device: deviceOf(ended.agent) },
    at: now,
  });
}

/** "Log out all other devices": every live session of the user but this one ends. */
export async function revokeOtherOwnSessions(
  app: Teller,
  userId: number,
  currentId: number | null,
): Promise<{ count: number }> {
  const now = app.clock.now();
  // Expired ones end too: a longer SESSION_*_DAYS later must not bring them back. The count
  // the user is told is of the devices that were still logged in.
  const revoked = await app.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        currentId === null ? undefined : ne(sessions.id, currentId),
      ),
    )
    .returning({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt });
  const ended = revoked.filter((s) => sessionEndsAt(app.config, s) > now);
  if (revoked.length > 0) sessionsChanged();
  if (ended.length === 0) return { count: 0 };
  await tellSecurityChange(app, {
    userId,
    kind: 'security_other_devices_logged_out',
    facts: { count: ended.length },
    at: now,
  });
  return { count: ended.length };
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
