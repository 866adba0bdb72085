import { and, count, desc, eq, gte, isNull, like, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditSearchQuery } from '@hx/protocol';
import { admins, auditLog, type Db } from '@hx/db';
import { SYSTEM_ACTOR } from '../operator-core/audit.ts';

/** The audit log filtered by operator, action (exact, or a prefix ending in '.'), target, time. */
export async function searchAudit(db: Db, q: z.output<typeof auditSearchQuery>) {
  const where: SQL[] = [];
  if (q.admin)
    where.push(
      q.admin.toLowerCase() === SYSTEM_ACTOR
        ? isNull(auditLog.adminId)
        : eq(admins.email, q.admin.toLowerCase()),
    );
  if (q.action)
    where.push(
      q.action.endsWith('.')
        ? like(auditLog.action, `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : eq(auditLog.action, q.action),
    );
  if (q.target_type) where.push(eq(auditLog.targetType, q.target_type));
  if (q.target_id !== undefined) where.push(eq(auditLog.targetId, q.target_id));
  if (q.from !== undefined) where.push(gte(auditLog.createdAt, new Date(q.from)));
  if (q.to !== undefined) where.push(lt(auditLog.createdAt, new Date(q.to)));
  const rows = await db
    .select({ a: auditLog, email: admins.email })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(and(...where));
  return {
    list: rows.map(({ a, email }) => ({
      id: a.id,
      admin: email ?? SYSTEM_ACTOR,
      action: a.action,
      target: `${a.targetType}:${a.targetId}`,
      before: a.before,
      after: a.after,
      reason: a.reason,
      at: a.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page: q.page,
  };
}
