import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RECORD_FILTERS,
  type RecordItem,
  type RecordKind,
  type recordsQuery,
  type SubAccountName,
} from '@hx/contracts';
import {
  coins,
  deposits,
  financeInterest,
  financeOrders,
  leverPositions,
  optionOrders,
  referralRebates,
  rowsOf,
  spotOrders,
  spotPairs,
  subscriptionProjects,
  subscriptions,
  tradingFees,
  transfers,
  withdrawals,
} from '@hx/db';
import { conversionFees, conversions, demoFundsCredits } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { App } from '../../app.ts';

/**
 * The asset records as one query: each kind of user action is a SELECT over the table that
 * holds it (deposits, withdrawals, orders, positions…), all in the same columns, UNION ALL,
 * newest first. Conversions, demo funds and conversion fees have no table of their own: the
 * ledger package gives them as subqueries over its entries.
 */

/** The common columns every kind's SELECT fills (absent ones are typed NULLs). */
interface Columns {
  id: SQL;
  coin: SQL;
  amount: SQL;
  state: SQL;
  /** Epoch milliseconds. */
  at: SQL;
  counterCoin?: SQL;
  counterAmount?: SQL;
  subject?: SQL;
  side?: SQL;
  network?: SQL;
  from?: SQL;
  to?: SQL;
  sourceKind?: SQL;
  sourceId?: SQL;
  /** A deposit found on chain, while it waits: confirmations seen and needed. */
  confirmations?: SQL;
  confirmationsRequired?: SQL;
}

interface Branch {
  columns: Columns;
  /** FROM … WHERE …, limited to the user; `id` (the record id column) appended when asked. */
  from: SQL;
  where: SQL;
}

const NULL_INT = sql`null::int`;
const NULL_NUM = sql`null::numeric`;
const NULL_TEXT = sql`null::text`;
const ms = (timestamp: SQL | unknown) => sql`(extract(epoch from ${timestamp}) * 1000)::float8`;
const msOf = (epochMs: unknown) => sql`${epochMs}::float8`;

const BRANCHES: Record<RecordKind, (user: number) => Branch> = {
  deposit: (user) => ({
    columns: {
      id: sql`${deposits.id}`,
      coin: sql`${deposits.coinId}`,
      // What was credited once passed (an operator may credit another amount than reported).
      amount: sql`case when ${deposits.status} = 'passed'
        then coalesce(${deposits.creditedAmount}, ${deposits.amount}) else ${deposits.amount} end`,
      state: sql`${deposits.status}`,
      at: ms(deposits.createdAt),
      network: sql`${deposits.network}`,
      confirmations: sql`${deposits.confirmations}`,
      confirmationsRequired: sql`${deposits.confirmationsRequired}`,
    },
    from: sql`${deposits}`,
    where: sql`${deposits.userId} = ${user}`,
  }),
  demo_funds: (user) => ({
    // One entry credits several coins: one record per coin credited.
    columns: {
      id: sql`d.id`,
      coin: sql`d.coin_id`,
      amount: sql`d.amount`,
      state: sql`'done'`,
      at: ms(sql`d.at`),
    },
    from: sql`(${demoFundsCredits(user)}) as d`,
    where: sql`true`,
  }),
  withdraw: (user) => ({
    columns: {
      id: sql`${withdrawals.id}`,
      coin: sql`${withdrawals.coinId}`,
      amount: sql`-${withdrawals.amount}`,
      state: sql`${withdrawals.status}`,
      at: ms(withdrawals.createdAt),
      network: sql`${withdrawals.network}`,
    },
    from: sql`${withdrawals}`,
    where: sql`${withdrawals.userId} = ${user}`,
  }),
  transfer: (user) => ({
    columns: {
      id: sql`${transfers.id}`,
      coin: sql`${transfers.coinId}`,
      amount: sql`${transfers.amount}`,
      state: sql`'done'`,
      at: ms(transfers.createdAt),
      from: sql`${transfers.fromAccount}`,
      to: sql`${transfers.toAccount}`,
    },
    from: sql`${transfers}`,
    where: sql`${transfers.userId} = ${user}`,
  }),
  convert: (user) => ({
    // The coin received (+) and the coin paid (−).
    columns: {
      id: sql`cv.id`,
      coin: sql`cv.coin_id`,
      amount: sql`cv.amount`,
      state: sql`'done'`,
      at: ms(sql`cv.at`),
      counterCoin: sql`cv.paid_coin_id`,
      counterAmount: sql`cv.paid`,
    },
    from: sql`(${conversions(user)}) as cv`,
    where: sql`true`,
  }),
  spot: (user) => ({
    // An order that traded: what it received (fee taken off) and what it paid. Orders that never
    // filled moved no money and are left to the order history.
    columns: {
      id: sql`${spotOrders.id}`,
      coin: sql`case when ${spotOrders.side} = 'buy'
        then ${spotPairs.baseCoinId} else ${spotPairs.quoteCoinId} end`,
      amount: sql`case when ${spotOrders.side} = 'buy'
        then ${spotOrders.filled} - ${spotOrders.fee} else ${spotOrders.filledQuote} - ${spotOrders.fee} end`,
      state: sql`${spotOrders.status}`,
      at: msOf(spotOrders.createdAt),
      counterCoin: sql`case when ${spotOrders.side} = 'buy'
        then ${spotPairs.quoteCoinId} else ${spotPairs.baseCoinId} end`,
      counterAmount: sql`case when ${spotOrders.side} = 'buy'
        then -${spotOrders.filledQuote} else -${spotOrders.filled} end`,
      subject: sql`${spotOrders.symbol}`,
      side: sql`${spotOrders.side}`,
    },
    from: sql`${spotOrders} join ${spotPairs} on ${spotPairs.symbol} = ${spotOrders.symbol}`,
    where: sql`${spotOrders.userId} = ${user} and ${spotOrders.filled} > 0`,
  }),
  option: (user) => ({
    columns: {
      id: sql`${optionOrders.id}`,
      coin: sql`${optionOrders.coinId}`,
      amount: sql`case when ${optionOrders.status} = 'open'
        then -${optionOrders.number} else coalesce(${optionOrders.profit}, 0) end`,
      state: sql`coalesce(${optionOrders.result}, 'open')`,
      at: msOf(optionOrders.createdAt),
      subject: sql`${optionOrders.symbol}`,
      side: sql`${optionOrders.type}`,
    },
    from: sql`${optionOrders}`,
    where: sql`${optionOrders.userId} = ${user}`,
  }),
  contract: (user) => ({
    columns: {
      id: sql`${leverPositions.id}`,
      coin: sql`${leverPositions.coinId}`,
      amount: sql`case when ${leverPositions.status} = 'closed'
        then coalesce(${leverPositions.profit}, 0) else -${leverPositions.margin} end`,
      state: sql`${leverPositions.status}`,
      at: msOf(leverPositions.createdAt),
      subject: sql`${leverPositions.symbol}`,
      side: sql`${leverPositions.side}`,
    },
    from: sql`${leverPositions}`,
    where: sql`${leverPositions.userId} = ${user}`,
  }),
  finance: (user) => ({
    columns: {
      id: sql`${financeOrders.id}`,
      coin: sql`${financeOrders.coinId}`,
      amount: sql`${financeOrders.amount}`,
      state: sql`${financeOrders.status}`,
      at: ms(financeOrders.startAt),
    },
    from: sql`${financeOrders}`,
    where: sql`${financeOrders.userId} = ${user}`,
  }),
  interest: (user) => ({
    columns: {
      id: sql`${financeInterest.id}`,
      coin: sql`${financeInterest.coinId}`,
      amount: sql`${financeInterest.amount}`,
      state: sql`'done'`,
      at: ms(financeInterest.paidAt),
      sourceKind: sql`'finance'`,
      sourceId: sql`${financeInterest.orderId}`,
    },
    from: sql`${financeInterest}`,
    where: sql`${financeInterest.userId} = ${user} and ${financeInterest.amount} > 0`,
  }),
  rebate: (user) => ({
    columns: {
      id: sql`${referralRebates.id}`,
      coin: sql`${referralRebates.coinId}`,
      amount: sql`${referralRebates.amount}`,
      state: sql`'done'`,
      at: ms(referralRebates.createdAt),
    },
    from: sql`${referralRebates}`,
    // A rebate that rounded to zero paid nothing (no entry).
    where: sql`${referralRebates.inviterId} = ${user} and ${referralRebates.entryId} is not null`,
  }),
  subscription: (user) => {
    const allocated = sql`(${subscriptions.status} = 'passed' and coalesce(${subscriptions.allocated}, 0) > 0)`;
    return {
      // Once allocated: the tokens received for what was paid; before: the payment held.
      columns: {
        id: sql`${subscriptions.id}`,
        coin: sql`case when ${allocated} then ${subscriptionProjects.coinId} else ${subscriptions.payCoinId} end`,
        amount: sql`case when ${allocated} then ${subscriptions.allocated}
          else -coalesce(${subscriptions.paid}, ${subscriptions.amount}) end`,
        state: sql`${subscriptions.status}`,
        at: ms(subscriptions.createdAt),
        counterCoin: sql`case when ${allocated} then ${subscriptions.payCoinId} end`,
        counterAmount: sql`case when ${allocated} then -${subscriptions.paid} end`,
        subject: sql`(select ${coins.name} from ${coins} where ${coins.id} = ${subscriptionProjects.coinId})`,
      },
      from: sql`${subscriptions} join ${subscriptionProjects}
        on ${subscriptionProjects.id} = ${subscriptions.projectId}`,
      where: sql`${subscriptions.userId} = ${user}`,
    };
  },
  trade_fee: (user) => ({
    columns: {
      id: sql`${tradingFees.id}`,
      coin: sql`${tradingFees.coinId}`,
      amount: sql`-${tradingFees.amount}`,
      state: sql`'done'`,
      at: ms(tradingFees.createdAt),
      sourceKind: sql`${tradingFees.source}`,
      sourceId: sql`${tradingFees.refId}`,
    },
    from: sql`${tradingFees}`,
    where: sql`${tradingFees.userId} = ${user}`,
  }),
  withdraw_fee: (user) => ({
    // Taken only when the withdrawal passes; a rejected one returns everything.
    columns: {
      id: sql`${withdrawals.id}`,
      coin: sql`${withdrawals.coinId}`,
      amount: sql`-${withdrawals.fee}`,
      state: sql`'done'`,
      at: ms(withdrawals.reviewedAt),
      network: sql`${withdrawals.network}`,
      sourceKind: sql`'withdraw'`,
      sourceId: sql`${withdrawals.id}`,
    },
    from: sql`${withdrawals}`,
    where: sql`${withdrawals.userId} = ${user} and ${withdrawals.status} = 'passed' and ${withdrawals.fee} > 0`,
  }),
  convert_fee: (user) => ({
    // What the fees account received in the user's conversion entry.
    columns: {
      id: sql`cf.id`,
      coin: sql`cf.coin_id`,
      amount: sql`-cf.amount`,
      state: sql`'done'`,
      at: ms(sql`cf.at`),
      sourceKind: sql`'convert'`,
      sourceId: sql`cf.id`,
    },
    from: sql`(${conversionFees(user)}) as cf`,
    where: sql`true`,
  }),
};

/** The record-id column of a branch, for `WHERE id = …` (the first column). */
function select(kind: RecordKind, user: number, id?: number): SQL {
  const b = BRANCHES[kind](user);
  const c = b.columns;
  const where = id === undefined ? b.where : sql`${b.where} and ${c.id} = ${id}`;
  return sql`select ${kind}::text as kind, ${c.id}::int as id, ${c.coin}::int as coin_id,
      ${c.amount}::numeric as amount, ${c.state}::text as state, ${c.at} as at,
      ${c.counterCoin ?? NULL_INT}::int as counter_coin_id,
      ${c.counterAmount ?? NULL_NUM}::numeric as counter_amount,
      ${c.subject ?? NULL_TEXT}::text as subject, ${c.side ?? NULL_TEXT}::text as side,
      ${c.network ?? NULL_TEXT}::text as network, ${c.from ?? NULL_TEXT}::text as from_account,
      ${c.to ?? NULL_TEXT}::text as to_account, ${c.sourceKind ?? NULL_TEXT}::text as source_kind,
      ${c.sourceId ?? NULL_INT}::int as source_id,
      ${c.confirmations ?? NULL_INT}::int as confirmations,
      ${c.confirmationsRequired ?? NULL_INT}::int as confirmations_required
    from ${b.from} where ${where}`;
}

interface Row {
  kind: RecordKind;
  id: number;
  coin_id: number;
  amount: string;
  state: RecordItem['state'];
  at: number;
  counter_coin_id: number | null;
  counter_amount: string | null;
  subject: string | null;
  side: RecordItem['side'];
  network: string | null;
  from_account: SubAccountName | null;
  to_account: SubAccountName | null;
  source_kind: RecordKind | null;
  source_id: number | null;
  confirmations: number | null;
  confirmations_required: number | null;
  coin: string;
  decimals: number;
  counter_coin: string | null;
  counter_decimals: number | null;
}

/** The records of `kinds` with their coins, optionally only those touching one coin. */
function recordsSql(kinds: readonly RecordKind[], user: number, currencyId?: number, id?: number) {
  const union = sql.join(
    kinds.map((kind) => sql`(${select(kind, user, id)})`),
    sql` union all `,
  );
  const coinFilter =
    currencyId === undefined
      ? sql`true`
      : sql`(r.coin_id = ${currencyId} or r.counter_coin_id = ${currencyId})`;
  return { union, coinFilter };
}

/** A signed amount at (at least) the coin's decimals; zero without a sign. */
export function signed(value: Decimal.Value, decimals: number): string {
  const d = new Decimal(value);
  if (d.isZero()) return new Decimal(0).toFixed(decimals);
  return d.toFixed(Math.max(decimals, d.decimalPlaces()));
}

function toItem(r: Row): RecordItem {
  return {
    kind: r.kind,
    id: r.id,
    currency_id: r.coin_id,
    coin: r.coin,
    amount: signed(r.amount, r.decimals),
    state: r.state,
    at: Math.round(Number(r.at)),
    counter:
      r.counter_coin_id === null || r.counter_amount === null
        ? null
        : {
            currency_id: r.counter_coin_id,
            coin: r.counter_coin ?? '',
            amount: signed(r.counter_amount, r.counter_decimals ?? 0),
          },
    subject: r.subject,
    side: r.side,
    network: r.network,
    from: r.from_account,
    to: r.to_account,
    source:
      r.source_kind === null || r.source_id === null
        ? null
        : { kind: r.source_kind, id: r.source_id },
    ...(r.state === 'confirming' && r.confirmations_required !== null
      ? {
          confirmations: {
            seen: r.confirmations ?? 0,
            required: r.confirmations_required,
          },
        }
      : {}),
  };
}

async function query(
  app: App,
  kinds: readonly RecordKind[],
  user: number,
  page: { limit: number; offset: number },
  currencyId?: number,
  id?: number,
) {
  const { union, coinFilter } = recordsSql(kinds, user, currencyId, id);
  const rows = rowsOf<Row>(
    await app.db.execute(sql`select r.*, c.name as coin, c.decimals,
        cc.name as counter_coin, cc.decimals as counter_decimals
      from (${union}) r
      join ${coins} c on c.id = r.coin_id
      left join ${coins} cc on cc.id = r.counter_coin_id
      where ${coinFilter}
      order by r.at desc, r.id desc, r.kind
      limit ${page.limit} offset ${page.offset}`),
  );
  return rows.map(toItem);
}

/** GET wallet/records: the user's actions of one filter, newest first, paged. */
export async function listRecords(
  app: App,
  userId: number,
  q: z.output<typeof recordsQuery>,
): Promise<{ list: RecordItem[]; total: number; page: number }> {
  const kinds = RECORD_FILTERS[q.type];
  const list = await query(
    app,
    kinds,
    userId,
    { limit: q.limit, offset: (q.page - 1) * q.limit },
    q.currency_id,
  );
  const { union, coinFilter } = recordsSql(kinds, userId, q.currency_id);
  const [count] = rowsOf<{ n: number | string }>(
    await app.db.execute(sql`select count(*)::int as n from (${union}) r where ${coinFilter}`),
  );
  return { list, total: Number(count?.n ?? 0), page: q.page };
}

/** One record of the user, as the list shows it; null when it is not theirs or not there. */
export async function findRecord(
  app: App,
  userId: number,
  kind: RecordKind,
  id: number,
): Promise<RecordItem | null> {
  const [item] = await query(app, [kind], userId, { limit: 1, offset: 0 }, undefined, id);
  return item ?? null;
}
