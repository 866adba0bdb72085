import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { Acks } from './sim-acks.ts';

/**
 * What must hold after every step, whatever happened before: the books balance, nobody is below
 * zero, every frozen amount is an open reservation, and everything acknowledged is still there.
 * Returns the violations found (empty when the books are right).
 */
export async function violations(db: Db, acks: Acks): Promise<string[]> {
  const found: string[] = [];
  const ledger = await checkLedger(db);
  if (!ledger.balanced) found.push(`ledger unbalanced: ${JSON.stringify(ledger)}`);

  const negative = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ledger_accounts
      where not allow_negative and (available < 0 or frozen < 0)`),
  );
  if (negative.length) found.push(`negative balances: accounts ${JSON.stringify(negative)}`);

  // Reservations: open spot orders hold `locked` (quote for buys, base for sells) and
  // withdrawals under review hold their amount, both in the currency (spot) account; open options
  // hold their stake in the options account, finance orders in custody their principal in the trust
  // account, contracts their margin (and a waiting limit order its fee) in the contract account. The simulation opens nothing else that freezes, so
  // every other frozen amount must be zero.
  const frozen = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      with held as (
        select o.user_id, 'currency' as name,
               case when o.side = 'buy' then p.quote_coin_id else p.base_coin_id end as coin_id,
               o.locked as amount
        from spot_orders o join spot_pairs p on p.symbol = o.symbol
        where o.status = 'waiting' and o.user_id is not null
        union all
        select user_id, 'currency', coin_id, amount from withdrawals where status = 'review'
        union all
        select user_id, 'options', coin_id, number from option_orders where status = 'open'
        union all
        select user_id, 'trust', coin_id, amount from finance_orders where status = 'custody'
        union all
        select user_id, 'contract', coin_id,
               case when status = 'waiting' then margin + fee else margin end
        from lever_positions where status in ('waiting', 'holding')
      ), expected as (
        select user_id, name, coin_id, sum(amount) as amount from held group by 1, 2, 3
      )
      select coalesce(a.user_id, e.user_id) as user_id, coalesce(a.name, e.name) as name,
             coalesce(a.coin_id, e.coin_id) as coin_id,
             coalesce(a.frozen, 0)::text as frozen, coalesce(e.amount, 0)::text as held
      from (select * from ledger_accounts where user_id is not null) a
      full join expected e on e.user_id = a.user_id and e.name = a.name and e.coin_id = a.coin_id
      where coalesce(a.frozen, 0) <> coalesce(e.amount, 0)`),
  );
  if (frozen.length) found.push(`frozen ≠ open reservations: ${JSON.stringify(frozen)}`);

  const stale = rowsOf<{ id: number }>(
    await db.execute(sql`select id from spot_orders where status <> 'waiting' and locked <> 0`),
  );
  if (stale.length) found.push(`closed orders still holding funds: ${JSON.stringify(stale)}`);

  found.push(...(await missingAcks(db, acks)));
  return found;
}

const ids = (keys: Iterable<number>) => {
  const list = [...keys];
  return list.length ? sql.raw(list.join(',')) : sql.raw('null');
};

/** Every acknowledged operation is present, as it was acknowledged. */
async function missingAcks(db: Db, acks: Acks): Promise<string[]> {
  const found: string[] = [];
  for (const [table, expected] of [
    ['deposits', acks.deposits],
    ['withdrawals', acks.withdrawals],
  ] as const) {
    const rows = rowsOf<{ id: number; status: string }>(
      await db.execute(
        sql`select id, status from ${sql.raw(table)} where id in (${ids(expected.keys())})`,
      ),
    );
    const stored = new Map(rows.map((r) => [Number(r.id), r.status]));
    for (const [id, status] of expected) {
      if (stored.get(id) !== status)
        found.push(`${table} ${id}: acknowledged ${status}, stored ${stored.get(id) ?? 'nothing'}`);
    }
  }

  const transfers = rowsOf<{ user_id: number; n: number }>(
    await db.execute(sql`select user_id, count(*)::int as n from transfers group by user_id`),
  );
  const counted = new Map(transfers.map((r) => [Number(r.user_id), Number(r.n)]));
  for (const [userId, n] of acks.transfers) {
    if (counted.get(userId) !== n)
      found.push(`user ${userId}: ${n} transfers acknowledged, ${counted.get(userId) ?? 0} stored`);
  }

  const conversions = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from journal_entries where kind = 'exchange' and id in (${ids(acks.conversions)})`,
    ),
  );
  if (conversions.length !== acks.conversions.size)
    found.push(`${acks.conversions.size} conversions acknowledged, ${conversions.length} posted`);

  const orders = rowsOf<{ id: number; user_id: number; status: string }>(
    await db.execute(
      sql`select id, user_id, status from spot_orders where id in (${ids(acks.orders.keys())})`,
    ),
  );
  const stored = new Map(orders.map((r) => [Number(r.id), r]));
  for (const [id, order] of acks.orders) {
    const row = stored.get(id);
    if (!row || Number(row.user_id) !== order.userId) found.push(`spot order ${id} missing`);
    else if (order.cancelled && row.status !== 'cancelled')
      found.push(`spot order ${id}: cancel acknowledged, stored ${row.status}`);
  }

  const options = rowsOf<{ id: number; user_id: number }>(
    await db.execute(
      sql`select id, user_id from option_orders where id in (${ids(acks.options.keys())})`,
    ),
  );
  const owners = new Map(options.map((r) => [Number(r.id), Number(r.user_id)]));
  for (const [id, userId] of acks.options)
    if (owners.get(id) !== userId) found.push(`option order ${id} missing`);

  const finance = rowsOf<{ id: number; user_id: number; status: string }>(
    await db.execute(
      sql`select id, user_id, status from finance_orders where id in (${ids(acks.finance.keys())})`,
    ),
  );
  const held = new Map(finance.map((r) => [Number(r.id), r]));
  for (const [id, order] of acks.finance) {
    const row = held.get(id);
    if (!row || Number(row.user_id) !== order.userId) found.push(`finance order ${id} missing`);
    else if (order.redeemed && row.status !== 'redeemed')
      found.push(`finance order ${id}: redemption acknowledged, stored ${row.status}`);
  }

  const contracts = rowsOf<{ id: number; user_id: number; status: string }>(
    await db.execute(
      sql`select id, user_id, status from lever_positions where id in (${ids(acks.contracts.keys())})`,
    ),
  );
  const positions = new Map(contracts.map((r) => [Number(r.id), r]));
  for (const [id, position] of acks.contracts) {
    const row = positions.get(id);
    if (!row || Number(row.user_id) !== position.userId) found.push(`contract ${id} missing`);
    else if (position.closed && !['closed', 'cancelled'].includes(row.status))
      found.push(`contract ${id}: close acknowledged, stored ${row.status}`);
  }
  return found;
}

/**
 * Replays the journal: every entry's postings, in entry order, rebuild each account's available
 * and frozen exactly as stored, and every entry balances per coin on its own.
 */
export interface Replay {
  entries: number;
  accounts: number;
  /** Where the replay and the stored balances disagree (empty when they are the same). */
  problems: string[];
}

export async function replayJournal(db: Db): Promise<Replay> {
  const found: string[] = [];
  const postings = rowsOf<{
    entry_id: number;
    account_id: number;
    coin_id: number;
    bucket: 'available' | 'frozen';
    amount: string;
  }>(
    await db.execute(sql`
      select p.entry_id, p.account_id, p.coin_id, p.bucket, p.amount::text as amount
      from journal_entries e join postings p on p.entry_id = e.id
      order by e.id, p.id`),
  );
  const balances = new Map<number, { available: Decimal; frozen: Decimal }>();
  let entry = -1;
  let sums = new Map<number, Decimal>();
  const closeEntry = () => {
    for (const [coin, sum] of sums)
      if (!sum.isZero()) found.push(`entry ${entry} does not balance in coin ${coin}: ${sum}`);
  };
  for (const p of postings) {
    if (Number(p.entry_id) !== entry) {
      closeEntry();
      entry = Number(p.entry_id);
      sums = new Map();
    }
    const amount = new Decimal(p.amount);
    sums.set(p.coin_id, (sums.get(p.coin_id) ?? new Decimal(0)).plus(amount));
    const account = balances.get(Number(p.account_id)) ?? {
      available: new Decimal(0),
      frozen: new Decimal(0),
    };
    account[p.bucket] = account[p.bucket].plus(amount);
    balances.set(Number(p.account_id), account);
  }
  closeEntry();

  const accounts = rowsOf<{ id: number; available: string; frozen: string }>(
    await db.execute(
      sql`select id, available::text as available, frozen::text as frozen from ledger_accounts`,
    ),
  );
  for (const a of accounts) {
    const replayed = balances.get(Number(a.id)) ?? {
      available: new Decimal(0),
      frozen: new Decimal(0),
    };
    balances.delete(Number(a.id));
    if (!replayed.available.eq(a.available) || !replayed.frozen.eq(a.frozen))
      found.push(
        `account ${a.id}: stored ${a.available}/${a.frozen}, replayed ${replayed.available}/${replayed.frozen}`,
      );
  }
  for (const id of balances.keys()) found.push(`postings for unknown account ${id}`);
  const entries = new Set(postings.map((p) => Number(p.entry_id))).size;
  return { entries, accounts: accounts.length, problems: found };
}
