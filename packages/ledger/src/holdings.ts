import { eq, isNotNull, sql } from 'drizzle-orm';
import { ledgerAccounts, type Db } from '@hx/db';

export interface Holding {
  userId: number;
  coin: number;
  /** Available plus frozen across the user's sub-accounts, above zero. */
  amount: string;
}

/**
 * What the platform owes each user, per coin: every user account (never a platform account),
 * available plus frozen, summed over the sub-accounts. One statement, so it reads one consistent
 * view of the books even while entries are being posted.
 */
export async function userHoldings(db: Db): Promise<Holding[]> {
  const total = sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.frozen})`;
  return db
    .select({
      userId: sql<number>`${ledgerAccounts.userId}`.mapWith(Number),
      coin: ledgerAccounts.coinId,
      amount: sql<string>`${total}::text`,
    })
    .from(ledgerAccounts)
    .where(isNotNull(ledgerAccounts.userId))
    .groupBy(ledgerAccounts.userId, ledgerAccounts.coinId)
    .having(sql`${total} > 0`)
    .orderBy(ledgerAccounts.coinId, ledgerAccounts.userId);
}

export interface CoinTotals {
  coin: number;
  /** What all users hold (available plus frozen): the platform's liabilities in this coin. */
  users: string;
  /** Each platform account's balance (the treasury mirrors the outside world, so it is negative). */
  platform: Record<string, string>;
}

/** Per coin: what users hold and what each platform account holds; together they sum to zero. */
export async function totals(db: Db, coin?: number): Promise<CoinTotals[]> {
  const rows = await db
    .select({
      coin: ledgerAccounts.coinId,
      owner: sql<string>`case when ${ledgerAccounts.userId} is null then ${ledgerAccounts.name} else '' end`,
      amount: sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.frozen})::text`,
    })
    .from(ledgerAccounts)
    .where(coin === undefined ? undefined : eq(ledgerAccounts.coinId, coin))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`, sql`2`);
  const byCoin = new Map<number, CoinTotals>();
  for (const row of rows) {
    const t = byCoin.get(row.coin) ?? { coin: row.coin, users: '0', platform: {} };
    if (row.owner === '') t.users = row.amount;
    else t.platform[row.owner] = row.amount;
    byCoin.set(row.coin, t);
  }
  return [...byCoin.values()];
}
