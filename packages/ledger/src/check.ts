import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@hx/db';
import { Decimal } from '@hx/money';

export interface LedgerCheck {
  balanced: boolean;
  coins: { currency_id: number; sum: string }[];
  /** Accounts whose stored balance differs from the sum of their postings. */
  mismatched: { account_id: number; bucket: string; stored: string; posted: string }[];
}

/** Proves the books: postings of every coin sum to zero, and balances equal their postings. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const coins = await db.execute(
    sql`select coin_id, sum(amount)::text as sum from postings group by coin_id order by coin_id`,
  );
  const mismatched = await db.execute(sql`
    select a.id as account_id, b.bucket,
           (case b.bucket when 'available' then a.available else a.frozen end)::text as stored,
           coalesce(p.sum, 0)::text as posted
    from ledger_accounts a
    cross join (values ('available'), ('frozen')) as b(bucket)
    left join (select account_id, bucket, sum(amount) as sum from postings group by account_id, bucket) p
      on p.account_id = a.id and p.bucket = b.bucket
    where (case b.bucket when 'available' then a.available else a.frozen end) <> coalesce(p.sum, 0)`);
  const coinRows = rowsOf<{ coin_id: number; sum: string }>(coins).map((r) => ({
    currency_id: Number(r.coin_id),
    sum: r.sum,
  }));
  const mismatchRows = rowsOf<LedgerCheck['mismatched'][number]>(mismatched);
  return {
    balanced: coinRows.every((c) => new Decimal(c.sum).isZero()) && mismatchRows.length === 0,
    coins: coinRows,
    mismatched: mismatchRows,
  };
}
