import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AdminRole } from '@hx/protocol';
import { adminSessions, admins, twoFactor, type Db } from '@hx/db';
import { sha256 } from '../lib/tokens.ts';
import type { Config } from '../config.ts';

export type Admin = typeof admins.$inferSelect & { role: AdminRole };

/**
 * The live operator session of a token, for HTTP and the socket alike. In production every
 * operator session rests on the authenticator: one begun without it (in demo mode, or before an
 * admin reset it) is refused until the operator logs in again. One query, the factor joined.
 */
export async function operatorSession(
  db: Db,
  token: string,
  now: Date,
  mode: Config['mode'],
): Promise<{ admin: Admin; sessionId: number; seen: Date | null } | null> {
  const [row] = await db
    .select({
      admin: admins,
      sessionId: adminSessions.id,
      seen: adminSessions.lastSeenAt,
      factorSecret: twoFactor.secret,
      factorOnAt: twoFactor.enabledAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .leftJoin(twoFactor, and(eq(twoFactor.subject, 'admin'), eq(twoFactor.subjectId, admins.id)))
    .where(
      and(
        eq(adminSessions.tokenHash, sha256(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        eq(admins.disabled, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (mode === 'production' && !(row.factorSecret && row.factorOnAt)) return null;
  return { admin: row.admin as Admin, sessionId: row.sessionId, seen: row.seen };
}
