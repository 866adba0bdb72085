import { count, desc, eq } from 'drizzle-orm';
import { admins, auditLog, type Db } from '@hx/db';

/** Shown as the actor of entries without an operator (the system acting by itself). */
export const SYSTEM_ACTOR = 'system';

export interface AuditEntry {
  /** null: the system by itself, e.g. demo funds. */
  adminId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  before: string | null;
  after: string | null;
  reason: string | null;
  at: Date;
}

/** Written in the same transaction as the action it records. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  const { at, ...rest } = entry;
  await tx.insert(auditLog).values({ ...rest, createdAt: at });
}

export async function auditPage(db: Db, page: number, limit: number) {
  const rows = await db
    .select({ a: auditLog, email: admins.email })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(auditLog);
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
    page,
  };
}
