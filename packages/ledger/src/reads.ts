import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings, type Db } from '@hx/db';
import type { PlatformAccount, SubAccount } from './accounts.ts';
import type { Bucket } from './entry.ts';

/**
 * What the books say, for the modules that show money: a user's balances and statement, and what
 * an entry recorded. Only this package queries the ledger tables.
 */

export interface Balance {
  sub: string;
  coin: number;
  available: string;
  frozen: string;
}

/** The user's balances (sub-account × coin), by sub-account then coin; missing ones are zero. */
export async function balances(
  db: Db,
  userId: number,
  only: { sub?: SubAccount; coins?: number[] } = {},
): Promise<Balance[]> {
  const where: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (only.sub) where.push(eq(ledgerAccounts.name, only.sub));
  if (only.coins) where.push(inArray(ledgerAccounts.coinId, only.coins));
  return db
    .select({
      sub: ledgerAccounts.name,
      coin: ledgerAccounts.coinId,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(and(...where))
    .orderBy(ledgerAccounts.name, ledgerAccounts.coinId);
}

/** Available balances of accounts by id, without a lock (a writer's cache fills from it). */
export async function availableByAccount(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.available]));
}

export interface StatementFilter {
  /** Only entries of this kind. */
  kind?: string;
}

export interface StatementLine {
  /** The posting's id. */
  id: number;
  kind: string;
  refType: string | null;
  refId: number | null;
  sub: string;
  coin: number;
  bucket: Bucket;
  amount: string;
  at: Date;
}

const userLines = (userId: number, filter: StatementFilter) =>
  and(
    eq(ledgerAccounts.userId, userId),
    filter.kind ? eq(journalEntries.kind, filter.kind) : undefined,
  );

/** Every posting on the user's accounts, newest first, one page. */
export async function statement(
  db: Db,
  userId: number,
  filter: StatementFilter & { limit: number; offset?: number },
): Promise<StatementLine[]> {
  return db
    .select({
      id: postings.id,
      kind: journalEntries.kind,
      refType: journalEntries.refType,
      refId: journalEntries.refId,
      sub: ledgerAccounts.name,
      coin: postings.coinId,
      bucket: postings.bucket,
      amount: postings.amount,
      at: postings.createdAt,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(userLines(userId, filter))
    .orderBy(desc(postings.createdAt), desc(postings.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}

/** How many postings the user's statement holds (for paging). */
export async function statementSize(
  db: Db,
  userId: number,
  filter: StatementFilter = {},
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(userLines(userId, filter));
  return total?.n ?? 0;
}

/** A conversion entry's memo (its price) and what its fees account received ('0' if nothing). */
export async function conversionOf(
  db: Db,
  entryId: number,
): Promise<{ memo: string | null; fee: string }> {
  const [entry] = await db
    .select({ memo: journalEntries.memo })
    .from(journalEntries)
    .where(eq(journalEntries.id, entryId));
  const [paid] = await db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(postings.entryId, entryId),
        isNull(ledgerAccounts.userId),
        eq(ledgerAccounts.name, 'fees'),
      ),
    );
  return { memo: entry?.memo ?? null, fee: paid?.amount ?? '0' };
}

/** A platform account's balances per coin (the market maker's inventory); missing ones are zero. */
export async function platformBalances(
  db: Db,
  platform: PlatformAccount,
  coins?: number[],
): Promise<Omit<Balance, 'sub'>[]> {
  const where: SQL[] = [isNull(ledgerAccounts.userId), eq(ledgerAccounts.name, platform)];
  if (coins) where.push(inArray(ledgerAccounts.coinId, coins));
  return db
    .select({
      coin: ledgerAccounts.coinId,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(and(...where))
    .orderBy(ledgerAccounts.coinId);
}
