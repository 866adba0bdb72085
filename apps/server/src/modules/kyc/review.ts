import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminKyc, kycQueueQuery } from '@hx/protocol';
import { kycSubmissions, users, type Db } from '@hx/db';
import { AppError } from '../../lib/errors.ts';
import type { AfterCommit } from '../notifications/notify.ts';
import { ms } from '../../lib/clock.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';
import type { ReviewDecision } from '../operator-core/decision.ts';

type Row = typeof kycSubmissions.$inferSelect;
type Item = z.infer<typeof adminKyc>;

type Basic = Pick<Row, 'country' | 'name' | 'idNumber'>;

/** An advanced submission carries no identity of its own: `basic` is the one its photos prove. */
const view = (row: Row, account: string, basic?: Basic): Item => ({
  id: row.id,
  user_id: row.userId,
  account,
  level: row.level,
  status: row.status,
  country: row.country ?? basic?.country ?? null,
  name: row.name ?? basic?.name ?? null,
  id_number: row.idNumber ?? basic?.idNumber ?? null,
  address: row.address,
  front: row.front,
  back: row.back,
  hand: row.hand,
  reason: row.reason,
  reviewed_by: row.reviewedBy,
  created_at: row.createdAt.getTime(),
  reviewed_at: ms(row.reviewedAt),
});

const accountOf = { email: users.email, phone: users.phone, areaCode: users.areaCode };
type AccountCols = { email: string | null; phone: string | null; areaCode: string | null };
export const accountText = (u: AccountCols) =>
  u.email ?? (u.phone ? `+${u.areaCode ?? ''} ${u.phone}` : '');

/**
 * The verified basic data (country, name, ID number) of each user with an advanced submission
 * among `rows`, so the reviewer compares the photos with it. Advanced needs basic verified, so
 * the latest verified basic submission is the one.
 */
async function basicOf(db: Db, rows: Row[]): Promise<Map<number, Basic>> {
  const ids = [...new Set(rows.filter((r) => r.level === 'advanced').map((r) => r.userId))];
  if (ids.length === 0) return new Map();
  const basics = await db
    .select({
      userId: kycSubmissions.userId,
      country: kycSubmissions.country,
      name: kycSubmissions.name,
      idNumber: kycSubmissions.idNumber,
    })
    .from(kycSubmissions)
    .where(
      and(
        inArray(kycSubmissions.userId, ids),
        eq(kycSubmissions.level, 'basic'),
        eq(kycSubmissions.status, 'verified'),
      ),
    )
    .orderBy(desc(kycSubmissions.id));
  const out = new Map<number, Basic>();
  for (const { userId, ...basic } of basics) if (!out.has(userId)) out.set(userId, basic);
  return out;
}

/** The KYC queue: `review` oldest first (work order), other statuses newest first. */
export async function kycQueue(db: Db, query: z.output<typeof kycQueueQuery>) {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(kycSubmissions.status, query.status));
  if (query.level) where.push(eq(kycSubmissions.level, query.level));
  const rows = await db
    .select({ row: kycSubmissions, ...accountOf })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(and(...where))
    .orderBy(query.status === 'review' ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(and(...where));
  const basics = await basicOf(
    db,
    rows.map((r) => r.row),
  );
  return {
    list: rows.map((r) => view(r.row, accountText(r), basics.get(r.row.userId))),
    total: total?.n ?? 0,
    page: query.page,
  };
}

/**
 * Passes or rejects a KYC submission under review, and moves the user's state with it, in the
 * caller's transaction. The row is locked first, so two operators cannot both decide it.
 */
export async function decideKyc(
  tx: Db,
  id: number,
  decision: ReviewDecision,
  after: AfterCommit,
): Promise<{ before: string; item: Item }> {
  const [row] = await tx
    .select({ row: kycSubmissions, ...accountOf })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.id, id))
    .for('update', { of: kycSubmissions });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.row.status !== 'review') throw new AppError('ALREADY_DECIDED');
  const status = decision.pass ? 'verified' : 'rejected';
  const [updated] = await tx
    .update(kycSubmissions)
    .set({
      status,
      reason: decision.reason,
      reviewedBy: decision.adminId,
      reviewedAt: decision.at,
    })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'review')))
    .returning();
  if (!updated) throw new AppError('ALREADY_DECIDED');
  await tx
    .update(users)
    .set(row.row.level === 'basic' ? { kycBasic: status } : { kycAdvanced: status })
    .where(eq(users.id, row.row.userId));
  sessionsChanged();
  const { userId, level } = row.row;
  await after.notify(
    tx,
    decision.pass
      ? { userId, at: decision.at, kind: 'kyc_verified', facts: { level } }
      : {
          userId,
          at: decision.at,
          kind: 'kyc_rejected',
          facts: { level, reason: decision.reason ?? '' },
        },
  );
  const basics = await basicOf(tx, [updated]);
  return {
    before: row.row.status,
    item: view(updated, accountText(row), basics.get(updated.userId)),
  };
}
