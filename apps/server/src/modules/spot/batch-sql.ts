import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@hx/db';
import { refKey } from '@hx/ledger';
import { formatUnits } from '@hx/engine';
import type { Pair } from './pair.ts';
import { LEDGER_SCALE, quoteScaleOf, type Batch } from './matching.ts';
import { orderToRow } from './rows.ts';

/**
 * A batch as few statements as possible: every table's rows become one data-modifying CTE, and
 * the CTEs go out together in one `WITH … SELECT 1`. On the embedded database a statement costs
 * about as much as its round trip, so this is what lets a batch of 50 orders cost a few
 * milliseconds. Statements are split only to stay under PostgreSQL's 65,535 parameters.
 */

const MAX_PARAMS = 30_000;
const ledger = (x: bigint) => formatUnits(x, LEDGER_SCALE);

/** CTEs that must be in the same statement (postings read the entries' ids). */
interface Unit {
  ctes: { name: string; body: SQL }[];
  params: number;
}

type Cell = string | number | null;
const row = (cells: Cell[], casts: string[]) =>
  sql`(${sql.join(
    cells.map((c, i) => sql`${c}::${sql.raw(casts[i]!)}`),
    sql`, `,
  )})`;
const rows = (list: Cell[][], casts: string[]) =>
  sql.join(
    list.map((cells) => row(cells, casts)),
    sql`, `,
  );

const ORDER_CAST = [
  'int',
  'int',
  'text',
  'text',
  'text',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
  'text',
  'text',
  'bigint',
  'bigint',
];

export function batchUnits(
  pair: Pair,
  batch: Batch,
  at: Date,
  inviters: Map<number, number | null>,
  accountId: (key: string) => number,
): Unit[] {
  const units: Unit[] = [];
  let n = 0;
  const add = (body: SQL, params: number, extra?: { name: string; body: SQL }) => {
    const name = `w${n++}`;
    units.push({ ctes: extra ? [extra, { name, body }] : [{ name, body }], params });
  };
  const chunked = <T>(items: T[], width: number, emit: (chunk: T[]) => void) => {
    const size = Math.max(1, Math.floor(MAX_PARAMS / 2 / width));
    for (let i = 0; i < items.length; i += size) emit(items.slice(i, i + size));
  };

  chunked([...batch.orders.values()], 16, (orders) =>
    add(
      sql`insert into spot_orders (id, user_id, symbol, side, type, price, amount, funds, filled,
          filled_quote, fee, locked, status, cancel_reason, created_at, updated_at)
        values ${rows(
          orders.map((o) => {
            const r = orderToRow(pair, o);
            return [
              o.id,
              r.userId ?? null,
              r.symbol,
              r.side,
              r.type,
              r.price ?? null,
              r.amount,
              r.funds ?? null,
              r.filled!,
              r.filledQuote!,
              r.fee!,
              r.locked!,
              r.status,
              r.cancelReason ?? null,
              r.createdAt,
              r.updatedAt,
            ];
          }),
          ORDER_CAST,
        )}
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote,
          fee = excluded.fee, locked = excluded.locked, status = excluded.status,
          cancel_reason = excluded.cancel_reason, updated_at = excluded.updated_at`,
      orders.length * 16,
    ),
  );

  const qs = quoteScaleOf(pair);
  chunked(batch.trades, 11, (trades) =>
    add(
      sql`insert into spot_trades (symbol, price, amount, quote, taker_side, maker_order_id,
          taker_order_id, maker_fee, taker_fee, time)
        values ${rows(
          trades.map((t) => [
            t.symbol,
            formatUnits(t.price, pair.spec.priceScale),
            formatUnits(t.amount, pair.spec.amountScale),
            formatUnits(t.quote, qs),
            t.takerSide,
            t.makerOrderId,
            t.takerOrderId,
            ledger(t.makerFee),
            ledger(t.takerFee),
            t.time,
          ]),
          [
            'text',
            'numeric',
            'numeric',
            'numeric',
            'text',
            'int',
            'int',
            'numeric',
            'numeric',
            'bigint',
          ],
        )}`,
      trades.length * 10,
    ),
  );

  // Each entry with its postings; the postings find their entry by (kind, order id).
  const iso = at.toISOString();
  chunked(batch.entries, 40, (entries) => {
    const journal = `j${n}`;
    const lines = entries.flatMap((e) =>
      e.lines.map((l) => [
        e.kind,
        e.orderId,
        accountId(refKey(l.account)),
        l.account.coin,
        l.bucket,
        ledger(l.amount),
        iso,
      ]),
    );
    add(
      sql`insert into postings (entry_id, account_id, coin_id, bucket, amount, created_at)
        select ${sql.raw(journal)}.id, v.account_id, v.coin_id, v.bucket, v.amount, v.created_at
        from (values ${rows(lines, ['text', 'int', 'int', 'int', 'text', 'numeric', 'timestamptz'])})
          as v(kind, ref_id, account_id, coin_id, bucket, amount, created_at)
        join ${sql.raw(journal)} on ${sql.raw(journal)}.kind = v.kind and ${sql.raw(journal)}.ref_id = v.ref_id`,
      entries.length * 5 + lines.length * 7,
      {
        name: journal,
        body: sql`insert into journal_entries (kind, ref_type, ref_id, memo, created_at)
          values ${rows(
            entries.map((e) => [e.kind, 'spot_order', e.orderId, pair.symbol, iso]),
            ['text', 'text', 'int', 'text', 'timestamptz'],
          )}
          returning id, kind, ref_id`,
      },
    );
  });

  const deltas = [...batch.deltas.values()].filter((d) => d.available !== 0n || d.frozen !== 0n);
  chunked(deltas, 3, (chunk) =>
    add(
      sql`update ledger_accounts as a set available = a.available + v.da, frozen = a.frozen + v.df
        from (values ${rows(
          chunk.map((d) => [accountId(refKey(d.account)), ledger(d.available), ledger(d.frozen)]),
          ['int', 'numeric', 'numeric'],
        )}) as v(id, da, df) where a.id = v.id`,
      chunk.length * 3,
    ),
  );

  chunked(batch.fees, 7, (fees) =>
    add(
      sql`insert into trading_fees (user_id, inviter_id, source, ref_id, coin_id, amount, created_at)
        values ${rows(
          fees.map((f) => [
            f.userId,
            inviters.get(f.userId) ?? null,
            'spot',
            f.orderId,
            f.coinId,
            ledger(f.amount),
            iso,
          ]),
          ['int', 'int', 'text', 'int', 'int', 'numeric', 'timestamptz'],
        )}`,
      fees.length * 7,
    ),
  );
  return units;
}

/** Sends the units in as few statements as the parameter limit allows. */
export async function runUnits(db: Db, units: Unit[]): Promise<void> {
  let group: Unit[] = [];
  let params = 0;
  const flush = async () => {
    if (group.length === 0) return;
    const ctes = group.flatMap((u) => u.ctes);
    await db.execute(
      sql`with ${sql.join(
        ctes.map((c) => sql`${sql.raw(c.name)} as (${c.body})`),
        sql`, `,
      )} select 1`,
    );
    group = [];
    params = 0;
  };
  for (const unit of units) {
    if (params + unit.params > MAX_PARAMS) await flush();
    group.push(unit);
    params += unit.params;
  }
  await flush();
}
