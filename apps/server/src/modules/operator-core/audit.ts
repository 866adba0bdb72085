import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { admins, auditLog, rowsOf, type Db } from '@hx/db';
import { ChainVerifier, GENESIS, rowHash, type ChainVerdict } from './audit-chain.ts';

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

/** The chain's writers take turns across processes. */
const CHAIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('hx.audit.chain'))`;

/**
 * Written in the same transaction as the action it records, chained to the row before: under
 * the chain's lock until that transaction ends, the last row's hash is read and the new row's id
 * taken, so ids and the chain keep one order whichever process writes.
 */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  // Outside a transaction (a lone write), one of its own: the lock lasts until it ends.
  if (!inTransaction(tx)) return tx.transaction((t) => appendAudit(t, entry));
  return appendAudit(tx, entry);
}

const inTransaction = (db: Db): boolean => db instanceof PgTransaction;

async function appendAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.execute(CHAIN_LOCK);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  const [next] = rowsOf<{ id: string }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`),
  );
  const { at, ...rest } = entry;
  // The row keeps the time to the millisecond the hash covers.
  const atMs = at.getTime();
  const row = { id: Number(next!.id), ...rest, atMs, prevHash: last?.hash ?? GENESIS };
  await tx.insert(auditLog).values({
    ...rest,
    id: row.id,
    createdAt: new Date(atMs),
    prevHash: row.prevHash,
    hash: rowHash(row),
  });
}

/** The rows as the chain covers them, in id order, `size` at a time after `afterId`. */
export async function chainPage(db: Db, afterId: number, size: number) {
  const rows = await db
    .select({
      a: auditLog,
      email: admins.email,
      atMs: sql<string>`floor(extract(epoch from ${auditLog.createdAt}) * 1000)::bigint`,
    })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(size);
  return rows.map(({ a, email, atMs }) => ({
    id: a.id,
    adminId: a.adminId,
    admin: email ?? SYSTEM_ACTOR,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    before: a.before,
    after: a.after,
    reason: a.reason,
    atMs: Number(atMs),
    prevHash: a.prevHash,
    hash: a.hash,
  }));
}

export type ChainRow = Awaited<ReturnType<typeof chainPage>>[number];

/** Every row in id order, a page at a time (the export and the check read the whole log). */
export async function* chainRows(db: Db, size = 1000): AsyncGenerator<ChainRow> {
  for (let after = 0; ;) {
    const page = await chainPage(db, after, size);
    yield* page;
    if (page.length < size) return;
    after = page[page.length - 1]!.id;
  }
}

/** Whether the stored chain holds: `first_broken` is the first row edited, or after a deleted one. */
export async function verifyAudit(db: Db): Promise<ChainVerdict> {
  const verifier = new ChainVerifier();
  for await (const row of chainRows(db)) verifier.add(row);
  return verifier.verdict();
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
