import { and, eq, isNull, sql } from 'drizzle-orm';
import { ledgerAccounts, type Db } from '@hx/db';

export const SUB_ACCOUNTS = ['currency', 'options', 'contract', 'trust', 'savings', 'bot'] as const;
export type SubAccount = (typeof SUB_ACCOUNTS)[number];

/**
 * Platform accounts are ordinary accounts. Two may go below zero: the treasury (the outside world,
 * mirroring what users hold) and payouts (the house side of options and contracts: its balance is
 * the platform's running result against its users). `demo_flow` is the simulated takers of the
 * demo market (demo mode only), who trade with `market_maker` and never with users.
 */
export const PLATFORM_ACCOUNTS = [
  'treasury',
  'fees',
  'conversion',
  'market_maker',
  'payouts',
  'demo_flow',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
const NEGATIVE_ALLOWED = new Set<PlatformAccount>(['treasury', 'payouts']);

export type AccountRef =
  { user: number; sub: SubAccount; coin: number } | { platform: PlatformAccount; coin: number };

export const refKey = (ref: AccountRef) =>
  'user' in ref ? `u:${ref.user}:${ref.sub}:${ref.coin}` : `p:${ref.platform}:${ref.coin}`;

const ownerOf = (ref: AccountRef) =>
  'user' in ref ? { userId: ref.user, name: ref.sub } : { userId: null, name: ref.platform };

/** The ids of the accounts, creating the missing ones. */
export async function accountIds(db: Db, refs: AccountRef[]): Promise<Map<string, number>> {
  const distinct = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  await db
    .insert(ledgerAccounts)
    .values(
      distinct.map((ref) => ({
        ...ownerOf(ref),
        coinId: ref.coin,
        allowNegative: 'platform' in ref && NEGATIVE_ALLOWED.has(ref.platform),
      })),
    )
    .onConflictDoNothing();
  const ids = new Map<string, number>();
  for (const ref of distinct) {
    const { userId, name } = ownerOf(ref);
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.name, name),
          eq(ledgerAccounts.coinId, ref.coin),
        ),
      );
    if (!row) throw new Error(`ledger account ${refKey(ref)} was not created`);
    ids.set(refKey(ref), row.id);
  }
  return ids;
}

/**
 * Locks the accounts in id order, so two transactions never wait on each other in a cycle, and
 * reads their balances. The ids go as one array parameter: the same statement text (one prepared
 * statement) whatever the count.
 */
export async function lockAccounts(db: Db, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return db
    .select({
      id: ledgerAccounts.id,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
      allowNegative: ledgerAccounts.allowNegative,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${sql.param(sorted)}::int[])`)
    .orderBy(ledgerAccounts.id)
    .for('update');
}
