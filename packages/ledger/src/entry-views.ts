import { sql, type SQL } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '@hx/db';

/**
 * The user's entries of kinds that have no table of their own, as subqueries another query
 * selects from (the asset records' UNION): each row has `id`, `coin_id`, `amount`, `at`
 * (timestamptz), plus what the kind adds.
 */

/** User postings joined to their entries. */
const userPostings = sql`${postings}
  join ${ledgerAccounts} on ${ledgerAccounts.id} = ${postings.accountId}
  join ${journalEntries} on ${journalEntries.id} = ${postings.entryId}`;

/** Demo funds: one row per coin credited (`id` is the posting's). */
export const demoFundsCredits = (user: number): SQL => sql`select ${postings.id} as id,
    ${postings.coinId} as coin_id, ${postings.amount} as amount, ${journalEntries.createdAt} as at
  from ${userPostings}
  where ${ledgerAccounts.userId} = ${user} and ${journalEntries.kind} = 'demo_funds'`;

/**
 * Conversions: per entry, the user's two postings, the coin received (`coin_id`, `amount` > 0)
 * and the coin paid (`paid_coin_id`, `paid` < 0). `id` is the entry's.
 */
export const conversions = (user: number): SQL => sql`select ${journalEntries.id} as id,
    max(case when ${postings.amount} > 0 then ${postings.coinId} end) as coin_id,
    sum(case when ${postings.amount} > 0 then ${postings.amount} else 0 end) as amount,
    max(${journalEntries.createdAt}) as at,
    max(case when ${postings.amount} < 0 then ${postings.coinId} end) as paid_coin_id,
    sum(case when ${postings.amount} < 0 then ${postings.amount} else 0 end) as paid
  from ${userPostings}
  where ${ledgerAccounts.userId} = ${user} and ${journalEntries.kind} = 'exchange'
  group by ${journalEntries.id}`;

/**
 * Conversion fees: the fees account's posting in each of the user's conversion entries (one user
 * posting per entry is positive: the coin received). `id` is the entry's, `amount` what the
 * fees account received.
 */
export const conversionFees = (user: number): SQL => sql`select ${journalEntries.id} as id,
    fee_posting.coin_id as coin_id, fee_posting.amount as amount,
    ${journalEntries.createdAt} as at
  from ${userPostings}
    join ${postings} as fee_posting on fee_posting.entry_id = ${journalEntries.id}
    join ${ledgerAccounts} as fee_account on fee_account.id = fee_posting.account_id
      and fee_account.user_id is null and fee_account.name = 'fees'
  where ${ledgerAccounts.userId} = ${user} and ${journalEntries.kind} = 'exchange'
    and ${postings.amount} > 0`;
