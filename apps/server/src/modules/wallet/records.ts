import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RECORD_FILTERS,
  type RecordItem,
  type RecordKind,
  type recordsQuery,
  type SubAccountName,
} from '@hx/protocol';
import { coins, rowsOf } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { BRANCHES } from './record-branches.ts';

/**
 * The asset records as one query: each kind of user action is a SELECT over the table that
 * holds it (deposits, withdrawals, orders, positions…), all in the same columns, UNION ALL,
 * newest first. Conversions, demo funds and conversion fees have no table of their own: the
 * ledger package gives them as subqueries over its entries.
 */

const NULL_INT = sql`null::int`;
const NULL_NUM = sql`null::numeric`;
const NULL_TEXT = sql`null::text`;

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
  app: Pick<ServerDeps, 'db'>,
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
  app: Pick<ServerDeps, 'db'>,
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
  app: Pick<ServerDeps, 'db'>,
  userId: number,
  kind: RecordKind,
  id: number,
): Promise<RecordItem | null> {
  const [item] = await query(app, [kind], userId, { limit: 1, offset: 0 }, undefined, id);
  return item ?? null;
}
