import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@hx/db';
import { post } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { call } from '../../test/harness.ts';
import { auth, type MoneyApp } from '../wallet/test-kit.ts';

/** Credits a user's sub-account from the treasury, as a passed deposit would. */
export const credit = (db: Db, user: number, coin: number, amount: string, sub = 'currency') =>
  post(db, {
    kind: 'deposit',
    lines: [
      { account: { platform: 'treasury', coin }, amount: new Decimal(amount).negated() },
      { account: { user, sub: sub as 'currency', coin }, amount },
    ],
  });

/**
 * What the books owe users per coin, summed from the postings of user accounts (not from the
 * balances the snapshot reads), in the coin's smallest unit.
 */
export async function ledgerLiabilities(db: Db): Promise<Map<number, string>> {
  const result = await db.execute(sql`
    select p.coin_id, (sum(p.amount) * power(10::numeric, c.decimals))::text as units
    from postings p
    join ledger_accounts a on a.id = p.account_id
    join coins c on c.id = p.coin_id
    where a.user_id is not null
    group by p.coin_id, c.decimals`);
  const rows = rowsOf<{ coin_id: number; units: string }>(result);
  return new Map(
    rows
      .filter((r) => new Decimal(r.units).gt(0))
      .map((r) => [Number(r.coin_id), new Decimal(r.units).toFixed()]),
  );
}

export const snapshotNow = (t: MoneyApp, admin: string) =>
  call(t.app, 'POST', 'admin/por/snapshot', {}, auth(admin));

export const latest = (t: MoneyApp) => call(t.app, 'GET', 'por/latest');

export const proof = (t: MoneyApp, token: string, id: number, coin: number) =>
  call(t.app, 'GET', 'por/proof', { id: String(id), currency_id: String(coin) }, auth(token));
