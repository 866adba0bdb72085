import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AdminRole } from '@hx/protocol';
import { adminSessions, type Db } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { tokenOf } from '../../plugins/auth.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import { operatorSession, type Admin } from '../../plugins/operator-session.ts';
import { AppError } from '../../lib/errors.ts';
import type { Origin } from '../../lib/request-context.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

export type { Admin };

/** Operator sessions last a working day; logging in again starts a new one. */
export const ADMIN_SESSION_MS = 12 * 3_600_000;

/** `last_seen_at` is written at most this often per session. */
const SEEN_EVERY_MS = 60_000;
const sessionIds = new WeakMap<FastifyRequest, number>();

/** The operator behind the request's token, if it is a live operator session. */
export async function findAdmin(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  request: FastifyRequest,
): Promise<Admin | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const now = app.clock.now();
  const row = await operatorSession(app.db, token, now, app.config.mode);
  if (!row) return null;
  sessionIds.set(request, row.sessionId);
  if (!row.seen || now.getTime() - row.seen.getTime() >= SEEN_EVERY_MS)
    await app.db
      .update(adminSessions)
      .set({ lastSeenAt: now })
      .where(eq(adminSessions.id, row.sessionId));
  return row.admin;
}

/** The operator session (admin_sessions.id) of a request `findAdmin` admitted. */
export const adminSessionOf = (request: FastifyRequest) => sessionIds.get(request) ?? null;

export async function startAdminSession(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  adminId: number,
  origin: Origin,
  db: Db = app.db,
): Promise<string> {
  const token = newToken();
  const now = app.clock.now();
  await db.insert(adminSessions).values({
    adminId,
    tokenHash: sha256(token),
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_MS),
  });
  return token;
}

export async function endAdminSession(
  app: Pick<ServerDeps, 'clock' | 'db'>,
  request: FastifyRequest,
): Promise<void> {
  const token = tokenOf(request);
  if (!token) return;
  await app.db
    .update(adminSessions)
    .set({ revokedAt: app.clock.now() })
    .where(eq(adminSessions.tokenHash, sha256(token)));
  sessionsChanged();
}

const admitted = new WeakMap<FastifyRequest, Admin>();

/**
 * onRequest guard of an operator route: 401 without a live operator token (a user's token is
 * not one), 403 FORBIDDEN when the operator's role is not among `roles`.
 */
export function allow(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db'>,
  roles: readonly AdminRole[],
) {
  return async (request: FastifyRequest) => {
    const admin = await findAdmin(app, request);
    if (!admin) throw new AppError('UNAUTHENTICATED');
    if (!roles.includes(admin.role)) throw new AppError('FORBIDDEN');
    admitted.set(request, admin);
  };
}

/** The operator admitted by `allow` for this request. */
export function adminOf(request: FastifyRequest): Admin {
  const admin = admitted.get(request);
  if (!admin) throw new AppError('UNAUTHENTICATED');
  return admin;
}

/** Who may do what (spec: admin everything; reviewer KYC and money; support chat and content). */
export const ROLES = {
  any: ['admin', 'reviewer', 'support'],
  review: ['admin', 'reviewer'],
  support: ['admin', 'support'],
  admin: ['admin'],
} as const satisfies Record<string, readonly AdminRole[]>;
