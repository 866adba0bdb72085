import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { adminSessions, admins, sessions, type Db } from '@hx/db';
import type { Clock } from '../lib/clock.ts';
import { liveSessionAt, type SessionLifetime } from '../plugins/session-lookup.ts';
import type { Connection, Hub } from './hub.ts';

/** Every socket's sessions are checked this often anyway: expiry, a change in another process. */
export const SESSION_CHECK_MS = 60_000;
/** A change announced inside a transaction shows once it commits: checked again after this. */
const SETTLE_MS = 1_000;
/** Session ids per query (PostgreSQL takes at most 65 535 parameters). */
const CHUNK = 5_000;

export interface SessionWatchOptions {
  db: Db;
  hub: Hub;
  clock: Clock;
  /** How long user sessions last (SESSION_IDLE_DAYS, SESSION_MAX_DAYS). */
  life: SessionLifetime;
  onError: (err: unknown) => void;
  everyMs?: number;
}

/**
 * Keeps sockets from outliving their session: on every `sessionsChanged()` (hooked up by the
 * socket) and every SESSION_CHECK_MS, the sessions behind the signed-in connections are read
 * again, and a connection whose session was revoked, expired, or whose operator was disabled or
 * given another role is ended (Hub.endSession). One check runs at a time; changes announced
 * meanwhile run one more after it.
 */
export class SessionWatch {
  /** Changes announced so far: an authentication that overlapped one is checked again. */
  changes = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly timer: ReturnType<typeof setInterval>;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: SessionWatchOptions) {
    this.timer = setInterval(() => void this.check(), options.everyMs ?? SESSION_CHECK_MS);
    this.timer.unref();
  }

  /** The `sessionsChanged()` listener: checks now, and again once the change surely committed. */
  readonly changed = (): void => {
    this.changes++;
    void this.check();
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => void this.check(), SETTLE_MS);
    this.settleTimer.unref();
  };

  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.checkOnce();
        } while (this.again);
      } catch (err) {
        this.options.onError(err);
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.settleTimer);
  }

  private async checkOnce(): Promise<void> {
    const { hub } = this.options;
    const connections = [...hub.signedIn()];
    if (connections.length === 0) return;
    const userIds = new Set<number>();
    const operatorIds = new Set<number>();
    for (const c of connections) {
      if (c.sessionId !== null) userIds.add(c.sessionId);
      if (c.adminSessionId !== null) operatorIds.add(c.adminSessionId);
    }
    const [liveUsers, liveOperators] = await Promise.all([
      this.liveUserSessions([...userIds]),
      this.liveOperatorSessions([...operatorIds]),
    ]);
    // Only what was read decides: a connection that authenticated meanwhile is left alone.
    const ended = (c: Connection) =>
      (c.sessionId !== null && userIds.has(c.sessionId) && !liveUsers.has(c.sessionId)) ||
      (c.adminSessionId !== null &&
        operatorIds.has(c.adminSessionId) &&
        liveOperators.get(c.adminSessionId) !== c.adminRole);
    for (const c of connections) if (ended(c)) hub.endSession(c);
  }

  private async liveUserSessions(ids: number[]): Promise<Set<number>> {
    const live = new Set<number>();
    const now = this.options.clock.now();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.options.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(inArray(sessions.id, ids.slice(i, i + CHUNK)), liveSessionAt(this.options.life, now)),
        );
      for (const row of rows) live.add(row.id);
    }
    return live;
  }

  /** Live operator sessions with their operator's current role. */
  private async liveOperatorSessions(ids: number[]): Promise<Map<number, string>> {
    const live = new Map<number, string>();
    const now = this.options.clock.now();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.options.db
        .select({ id: adminSessions.id, role: admins.role })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(
          and(
            inArray(adminSessions.id, ids.slice(i, i + CHUNK)),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
            eq(admins.disabled, false),
          ),
        );
      for (const row of rows) live.set(row.id, row.role);
    }
    return live;
  }
}
