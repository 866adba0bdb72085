import { and, count, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { consoleDashboard } from '@hx/protocol';
import {
  chatMessages,
  coins,
  deposits,
  feedback,
  kycSubmissions,
  subscriptions,
  users,
  withdrawals,
} from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { startOfDay } from '../operator-core/rows.ts';

type Dashboard = z.infer<typeof consoleDashboard>;

/** A symbol is fresh when its last recorded tick is at most this old. */
const FRESH_MS = 60_000;

const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);

/** Everything the operators' first screen shows, read in one go. */
export async function dashboard(
  app: Pick<ServerDeps, 'clock' | 'config' | 'db' | 'market' | 'roster'>,
): Promise<Dashboard> {
  const db = app.db;
  const now = app.clock.now();
  const today = startOfDay(now);
  const names = new Map(
    (await db.select({ id: coins.id, name: coins.name }).from(coins)).map((c) => [c.id, c.name]),
  );
  const name = (id: number) => names.get(id) ?? String(id);

  const money = async (table: typeof deposits | typeof withdrawals) => {
    // A deposit passed with a corrected amount counts what was credited.
    const amount =
      table === deposits
        ? sql`coalesce(${deposits.creditedAmount}, ${deposits.amount})`
        : table.amount;
    const rows = await db
      .select({
        coinId: table.coinId,
        n: count(),
        amount: sum(sql`case when ${table.status} = 'passed' then ${amount} else 0 end`),
      })
      .from(table)
      .where(gte(table.createdAt, today))
      .groupBy(table.coinId);
    return rows.map((r) => ({
      currency_id: r.coinId,
      name: name(r.coinId),
      count: Number(r.n),
      amount: new Decimal(r.amount ?? '0').toFixed(),
    }));
  };

  const [
    usersTotal,
    usersToday,
    depositQueue,
    withdrawalQueue,
    kycQueue,
    subscriptionQueue,
    feedbackQueue,
    chatUnread,
  ] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gte(users.createdAt, today)),
    db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'review')),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'review')),
    db.select({ n: count() }).from(kycSubmissions).where(eq(kycSubmissions.status, 'review')),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'review'), isNull(subscriptions.reviewedAt))),
    db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'open')),
    db
      .select({ n: sql<number>`cast(count(distinct ${chatMessages.userId}) as int)` })
      .from(chatMessages)
      .where(and(eq(chatMessages.sender, 'user'), sql`${chatMessages.readAt} is null`)),
  ]);

  const check = await checkLedger(db);
  const symbols = app.market.quotes('all').map((q) => q.symbol);
  let lastTick: number | null = null;
  const stale: string[] = [];
  for (const symbol of symbols) {
    const last = app.market.last(symbol);
    if (last) lastTick = Math.max(lastTick ?? 0, last.time);
    if (!last || now.getTime() - last.time > FRESH_MS) stale.push(symbol);
  }

  return {
    users: { total: n(usersTotal), today: n(usersToday) },
    queues: {
      deposits: n(depositQueue),
      withdrawals: n(withdrawalQueue),
      kyc: n(kycQueue),
      subscriptions: n(subscriptionQueue),
      feedback: n(feedbackQueue),
      chat: n(chatUnread),
    },
    ledger: {
      balanced: check.balanced,
      coins: check.coins.map((c) => ({
        currency_id: c.currency_id,
        name: name(c.currency_id),
        sum: c.sum,
        ok: new Decimal(c.sum).isZero(),
      })),
      mismatched: check.mismatched.length,
    },
    today: { deposits: await money(deposits), withdrawals: await money(withdrawals) },
    market: {
      source: app.config.marketSource,
      symbols: symbols.length,
      fresh: symbols.length - stale.length,
      stale,
      last_tick_at: lastTick,
    },
    processes: app.roster.list(),
  };
}
