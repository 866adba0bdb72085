import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { coins, referralRebates, tradingFees, users } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { usdtValue } from '../coins/prices.ts';
import { maskedAccount } from '../user/view.ts';

/** The referral programme as a user sees it: code and link, counts, rewards, ranking. */

const RANKING_SIZE = 10;
type Sums = { coinId: number; total: string }[];

async function coinNames(app: Pick<ServerDeps, 'db'>): Promise<Map<number, string>> {
  const rows = await app.db.select({ id: coins.id, name: coins.name }).from(coins);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The USDT value of per-coin sums at the last recorded prices (4 decimals). */
function valueOf(app: Pick<ServerDeps, 'prices'>, names: Map<number, string>, sums: Sums): string {
  const total = sums.reduce(
    (acc, s) => acc.plus(usdtValue(names.get(s.coinId) ?? '', s.total, app.prices, 8)),
    new Decimal(0),
  );
  return total.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
}

const accountOf = (u: { email: string | null; phone: string | null }) =>
  maskedAccount(u.email ?? u.phone ?? '');

/** Rebates paid to each inviter, per coin. */
async function paidBy(app: Pick<ServerDeps, 'db'>, inviters: number[]) {
  if (inviters.length === 0) return new Map<number, Sums>();
  const rows = await app.db
    .select({
      inviterId: referralRebates.inviterId,
      coinId: referralRebates.coinId,
      total: sql<string>`sum(${referralRebates.amount})`,
    })
    .from(referralRebates)
    .where(inArray(referralRebates.inviterId, inviters))
    .groupBy(referralRebates.inviterId, referralRebates.coinId);
  const map = new Map<number, Sums>();
  for (const row of rows) map.set(row.inviterId, [...(map.get(row.inviterId) ?? []), row]);
  return map;
}

/** Top 10 by invited users, ties by rewards (USDT value), then by who invited first. */
export async function ranking(app: Pick<ServerDeps, 'db' | 'prices'>) {
  const counts = await app.db
    .select({ inviterId: users.invitedBy, invited: count() })
    .from(users)
    .where(isNotNull(users.invitedBy))
    .groupBy(users.invitedBy)
    .orderBy(desc(count()))
    .limit(100);
  // Everyone tied with the 10th by count can still rank by rewards.
  const cut = counts[RANKING_SIZE - 1]?.invited ?? 0;
  const candidates = counts.filter((c, i) => i < RANKING_SIZE || c.invited === cut);
  const ids = candidates.map((c) => c.inviterId!);
  const names = await coinNames(app);
  const paid = await paidBy(app, ids);
  const people = ids.length
    ? await app.db
        .select({ id: users.id, email: users.email, phone: users.phone })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return candidates
    .map((c) => ({
      user_id: c.inviterId!,
      account: accountOf(byId.get(c.inviterId!) ?? { email: null, phone: null }),
      invited: c.invited,
      rewards: valueOf(app, names, paid.get(c.inviterId!) ?? []),
    }))
    .sort(
      (a, b) =>
        b.invited - a.invited ||
        new Decimal(b.rewards).comparedTo(a.rewards) ||
        a.user_id - b.user_id,
    )
    .slice(0, RANKING_SIZE)
    .map((row, i) => ({ rank: i + 1, ...row }));
}

export async function summary(
  app: Pick<ServerDeps, 'config' | 'db' | 'prices'>,
  user: { id: number; inviteCode: string },
  origin: string,
) {
  const names = await coinNames(app);
  const [promoted] = await app.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.invitedBy, user.id));
  const paid = (await paidBy(app, [user.id])).get(user.id) ?? [];
  const pending = await app.db
    .select({ coinId: tradingFees.coinId, total: sql<string>`sum(${tradingFees.amount})` })
    .from(tradingFees)
    .where(
      and(
        eq(tradingFees.inviterId, user.id),
        isNull(
          sql`(select ${referralRebates.id} from ${referralRebates} where ${referralRebates.feeId} = ${tradingFees.id})`,
        ),
      ),
    )
    .groupBy(tradingFees.coinId);
  const rate = app.config.referralRate;
  const pendingShare = pending.map((p) => ({
    coinId: p.coinId,
    total: new Decimal(p.total).times(rate).toFixed(),
  }));
  const rank = (await ranking(app)).find((r) => r.user_id === user.id)?.rank ?? null;
  return {
    invite_code: user.inviteCode,
    invite_link: inviteLink(origin, user.inviteCode),
    rebate_rate: rate,
    promoted: promoted?.n ?? 0,
    total_rewards: valueOf(app, names, paid),
    pending_rewards: valueOf(app, names, pendingShare),
    rewards: paid.map((p) => ({
      currency_id: p.coinId,
      name: names.get(p.coinId) ?? '',
      amount: new Decimal(p.total).toFixed(),
    })),
    rank,
  };
}

export function inviteLink(origin: string, code: string): string {
  return `${origin}/h5/#/pages/user/login/register?invite=${encodeURIComponent(code)}`;
}

/** The users this user invited, newest first, with the rewards each has brought. */
export async function invitees(
  app: Pick<ServerDeps, 'db' | 'prices'>,
  userId: number,
  page: number,
  limit: number,
) {
  const where = eq(users.invitedBy, userId);
  const rows = await app.db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      kyc: users.kycBasic,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db.select({ n: count() }).from(users).where(where);
  const names = await coinNames(app);
  const ids = rows.map((r) => r.id);
  const brought = ids.length
    ? await app.db
        .select({
          inviteeId: referralRebates.inviteeId,
          coinId: referralRebates.coinId,
          total: sql<string>`sum(${referralRebates.amount})`,
        })
        .from(referralRebates)
        .where(and(eq(referralRebates.inviterId, userId), inArray(referralRebates.inviteeId, ids)))
        .groupBy(referralRebates.inviteeId, referralRebates.coinId)
    : [];
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: accountOf(r),
      kyc: r.kyc,
      rewards: valueOf(
        app,
        names,
        brought.filter((b) => b.inviteeId === r.id),
      ),
      created_at: r.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page,
  };
}

/** Rebates paid to this user, newest first. */
export async function rewards(
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  page: number,
  limit: number,
) {
  const where = eq(referralRebates.inviterId, userId);
  const rows = await app.db
    .select({
      r: referralRebates,
      name: coins.name,
      decimals: coins.decimals,
      email: users.email,
      phone: users.phone,
    })
    .from(referralRebates)
    .innerJoin(coins, eq(coins.id, referralRebates.coinId))
    .innerJoin(users, eq(users.id, referralRebates.inviteeId))
    .where(where)
    .orderBy(desc(referralRebates.createdAt), desc(referralRebates.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await app.db.select({ n: count() }).from(referralRebates).where(where);
  return {
    list: rows.map(({ r, name, email, phone }) => ({
      id: r.id,
      account: accountOf({ email, phone }),
      currency_id: r.coinId,
      name,
      fee: new Decimal(r.fee).toFixed(),
      rate: new Decimal(r.rate).toFixed(),
      amount: new Decimal(r.amount).toFixed(),
      time: r.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page,
  };
}
