import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { consoleUser, consoleUserDetail, consoleUsersQuery } from '@hx/protocol';
import {
  coins,
  deposits,
  kycSubmissions,
  leverPositions,
  optionOrders,
  passkeys,
  sessions,
  spotOrders,
  users,
  withdrawals,
  type Db,
} from '@hx/db';
import { balances, statement } from '@hx/ledger';
import { AppError } from '../../lib/errors.ts';
import { accountText } from '../kyc/review.ts';
import { maskId } from '../kyc/service.ts';
import { wireRow } from '../operator-core/rows.ts';
import { sessionsChanged } from '../../plugins/session-lookup.ts';

type UserRow = typeof users.$inferSelect;
const RECENT = 50;

export const userView = (u: UserRow): z.infer<typeof consoleUser> => ({
  id: u.id,
  account: accountText(u),
  email: u.email,
  phone: u.phone ? `+${u.areaCode ?? ''} ${u.phone}` : null,
  nickname: u.nickname,
  invite_code: u.inviteCode,
  invited_by: u.invitedBy,
  kyc_basic: u.kycBasic,
  kyc_advanced: u.kycAdvanced,
  frozen: u.frozen,
  lang: u.lang,
  created_at: u.createdAt.getTime(),
});

/** Search by id, email, phone, nickname or invite code; newest first. */
export async function searchUsers(db: Db, query: z.output<typeof consoleUsersQuery>) {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/[^\d]/g, '');
    const any: (SQL | undefined)[] = [
      ilike(users.email, like),
      ilike(users.nickname, like),
      eq(users.inviteCode, q.toUpperCase()),
      eq(users.inviteCode, q),
    ];
    if (digits) any.push(ilike(users.phone, `%${digits}%`));
    if (/^\d{1,9}$/.test(q)) any.push(eq(users.id, Number(q)));
    where.push(or(...any)!);
  }
  if (query.frozen) where.push(eq(users.frozen, query.frozen === '1'));
  const rows = await db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...where));
  return { list: rows.map(userView), total: total?.n ?? 0, page: query.page };
}

/** One user with what an operator checks before deciding anything about them. */
export async function userDetail(db: Db, id: number): Promise<z.infer<typeof consoleUserDetail>> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND');
  const names = new Map(
    (await db.select({ id: coins.id, name: coins.name }).from(coins)).map((c) => [c.id, c.name]),
  );
  const name = (coinId: number) => names.get(coinId) ?? String(coinId);
  const recent = async <T extends Record<string, unknown>>(rows: Promise<T[]>) =>
    (await rows).map((r) => wireRow(r));

  const accounts = await balances(db, id);
  const posted = await statement(db, id, { limit: RECENT });
  const live = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt));

  return {
    user: userView(user),
    kyc: await recent(
      db
        .select()
        .from(kycSubmissions)
        .where(eq(kycSubmissions.userId, id))
        .orderBy(desc(kycSubmissions.id)),
    ),
    balances: accounts.map((a) => ({
      sub: a.sub,
      currency_id: a.coin,
      name: name(a.coin),
      available: a.available,
      frozen: a.frozen,
    })),
    postings: posted.map(({ id, kind, refType, refId, sub, coin, amount, bucket, at }) => ({
      id,
      kind,
      sub,
      currency_id: coin,
      name: name(coin),
      amount,
      bucket,
      ref: refType ? `${refType}:${refId ?? ''}` : '',
      at: at.getTime(),
    })),
    deposits: await recent(
      db
        .select()
        .from(deposits)
        .where(eq(deposits.userId, id))
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(RECENT),
    ),
    withdrawals: await recent(
      db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, id))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(RECENT),
    ),
    orders: await recent(
      db
        .select()
        .from(spotOrders)
        .where(eq(spotOrders.userId, id))
        .orderBy(desc(spotOrders.createdAt), desc(spotOrders.id))
        .limit(RECENT),
    ),
    positions: await recent(
      db
        .select()
        .from(leverPositions)
        .where(eq(leverPositions.userId, id))
        .orderBy(desc(leverPositions.createdAt), desc(leverPositions.id))
        .limit(RECENT),
    ),
    options: await recent(
      db
        .select()
        .from(optionOrders)
        .where(eq(optionOrders.userId, id))
        .orderBy(desc(optionOrders.createdAt), desc(optionOrders.id))
        .limit(RECENT),
    ),
    // A user session is live until revoked (see plugins/auth.ts).
    sessions: live.map((s) => ({
      id: s.id,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.createdAt.getTime(),
      last_seen_at: s.lastSeenAt.getTime(),
    })),
    passkeys: (
      await db.select().from(passkeys).where(eq(passkeys.userId, id)).orderBy(asc(passkeys.id))
    ).map((p) => ({
      id: p.id,
      name: p.name,
      created_at: p.createdAt.getTime(),
      last_used_at: p.lastUsedAt?.getTime() ?? null,
    })),
  };
}

type Detail = z.infer<typeof consoleUserDetail>;

/**
 * What the support role sees of a user: enough to help (KYC level and state, the name, the
 * money), not their identity papers: the ID number masked, no address, no photo or voucher
 * urls, and bank cards only as the masked summary the withdrawal keeps.
 */
export function supportView(detail: Detail): Detail {
  const without = (row: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
  return {
    ...detail,
    kyc: detail.kyc.map((row) => ({
      ...without(row, ['address', 'front', 'back', 'hand']),
      id_number: typeof row.id_number === 'string' ? maskId(row.id_number) : null,
    })),
    deposits: detail.deposits.map((row) => without(row, ['voucher'])),
    withdrawals: detail.withdrawals.map((row) => without(row, ['bank'])),
  };
}

/** Ends every live session of the user (they must log in again); returns how many. */
export async function revokeSessions(db: Db, id: number, at: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  sessionsChanged();
  return ended.length;
}
