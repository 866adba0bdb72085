import { sql, type SQL } from 'drizzle-orm';
import { runPrepared, unnest, withCtes, type Db } from '@hx/db';
import { claimsCte, entryCtes, refKey, type IdempotencyClaim } from '@hx/ledger';
import { formatUnits } from '@hx/engine';
import type { Pair } from './pair.ts';
import { LEDGER_SCALE, quoteScaleOf, type Batch } from './matching.ts';
import { orderToRow } from './rows.ts';
import type { NoticeRow } from './notices.ts';
import { fillsOf, klinesCte } from './trade-klines.ts';

/** An Idempotency-Key's claim with the answer it gives, written with the batch that placed its order. */
export interface KeyRow {
  claim: IdempotencyClaim;
  response: unknown;
  at: Date;
}

/**
 * A batch in one statement: every table's rows become one data-modifying CTE, and each column
 * goes as one array parameter (`unnest($1::int[], …)`). With one parameter per column, the text
 * is the same whatever the batch, so the statement is prepared once (see `runCtes`).
 */

const ledger = (x: bigint) => formatUnits(x, LEDGER_SCALE);

const ORDER_COLUMNS: [string, string][] = [
  ['id', 'int'],
  ['user_id', 'int'],
  ['symbol', 'text'],
  ['side', 'text'],
  ['type', 'text'],
  ['price', 'numeric'],
  ['amount', 'numeric'],
  ['funds', 'numeric'],
  ['filled', 'numeric'],
  ['filled_quote', 'numeric'],
  ['fee', 'numeric'],
  ['locked', 'numeric'],
  ['status', 'text'],
  ['cancel_reason', 'text'],
  ['time_in_force', 'text'],
  ['post_only', 'boolean'],
  ['stop_price', 'numeric'],
  ['trigger', 'text'],
  ['oco_id', 'int'],
  ['client_order_id', 'text'],
  ['take_profit', 'boolean'],
  ['list_client_order_id', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];
const ORDER_NAMES = ORDER_COLUMNS.map(([name]) => name).join(', ');

const TRADE_COLUMNS: [string, string][] = [
  ['symbol', 'text'],
  ['price', 'numeric'],
  ['amount', 'numeric'],
  ['quote', 'numeric'],
  ['taker_side', 'text'],
  ['maker_order_id', 'int'],
  ['taker_order_id', 'int'],
  ['maker_fee', 'numeric'],
  ['taker_fee', 'numeric'],
  ['time', 'bigint'],
];
const FEE_COLUMNS: [string, string][] = [
  ['user_id', 'int'],
  ['inviter_id', 'int'],
  ['source', 'text'],
  ['ref_id', 'int'],
  ['coin_id', 'int'],
  ['amount', 'numeric'],
  ['created_at', 'timestamptz'],
];
const NOTICE_COLUMNS: [string, string][] = [
  ['id', 'int'],
  ['user_id', 'int'],
  ['kind', 'text'],
  ['params', 'jsonb'],
  ['created_at', 'timestamptz'],
];

/** An order's row, in ORDER_COLUMNS' order. */
function orderValues(pair: Pair, o: Parameters<typeof orderToRow>[1]) {
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
    r.timeInForce!,
    r.postOnly ? 'true' : 'false',
    r.stopPrice ?? null,
    r.trigger ?? null,
    r.ocoId ?? null,
    r.clientOrderId ?? null,
    r.takeProfit ? 'true' : 'false',
    r.listClientOrderId ?? null,
    r.createdAt,
    r.updatedAt,
  ];
}

/** The CTEs of a batch, in the order they are written. */
export function batchCtes(
  pair: Pair,
  batch: Batch,
  options: {
    at: Date;
    inviters: Map<number, number | null>;
    accountId: (key: string) => number;
    keys: KeyRow[];
    notices: NoticeRow[];
    entryIds: number[];
  },
): { name: string; body: SQL }[] {
  const { at, inviters, accountId, keys, notices, entryIds } = options;
  const ctes: { name: string; body: SQL }[] = [];
  const iso = at.toISOString();

  const orders = [...batch.orders.values()].map((o) => orderValues(pair, o));
  ctes.push({
    name: 'orders',
    body: sql`insert into spot_orders (${sql.raw(ORDER_NAMES)})
        select * from ${unnest(orders, ORDER_COLUMNS)}
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote,
          fee = excluded.fee, locked = excluded.locked, status = excluded.status,
          cancel_reason = excluded.cancel_reason, trigger = excluded.trigger,
          funds = excluded.funds, updated_at = excluded.updated_at`,
  });

  const qs = quoteScaleOf(pair);
  ctes.push({
    name: 'trades',
    body: sql`insert into spot_trades (symbol, price, amount, quote, taker_side, maker_order_id,
          taker_order_id, maker_fee, taker_fee, time)
        select * from ${unnest(
          batch.trades.map((t) => [
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
          TRADE_COLUMNS,
        )}`,
  });

  ctes.push(klinesCte(pair, fillsOf(pair, batch)));

  // Entries, postings and balances as the ledger writes them, with ids taken beforehand.
  ctes.push(
    ...entryCtes(
      batch.entries.map((e, i) => ({
        id: entryIds[i]!,
        kind: e.kind,
        refType: 'spot_order',
        refId: e.orderId,
        memo: pair.symbol,
        at,
        lines: e.lines.map((l) => ({
          accountId: accountId(refKey(l.account)),
          coin: l.account.coin,
          bucket: l.bucket,
          amount: ledger(l.amount),
        })),
      })),
    ),
  );

  ctes.push({
    name: 'fees',
    body: sql`insert into trading_fees (user_id, inviter_id, source, ref_id, coin_id, amount, created_at)
        select * from ${unnest(
          batch.fees.map((f) => [
            f.userId,
            inviters.get(f.userId) ?? null,
            'spot',
            f.orderId,
            f.coinId,
            ledger(f.amount),
            iso,
          ]),
          FEE_COLUMNS,
        )}`,
  });
  ctes.push(claimsCte(keys));
  // Ids taken from the sequence beforehand (spot/notices.ts): the writer pushes them after.
  ctes.push({
    name: 'notices',
    body: sql`insert into notifications (id, user_id, kind, params, created_at)
        select * from ${unnest(
          notices.map((n) => [n.id, n.userId, n.kind, JSON.stringify(n.facts), iso]),
          NOTICE_COLUMNS,
        )}`,
  });
  return ctes;
}

/**
 * Writes the CTEs as one statement. Every batch has the same CTEs (a table without rows gets
 * empty arrays), so the statement's text never changes and it runs prepared: parsed and planned
 * once per database connection instead of once per batch.
 */
export async function runCtes(db: Db, ctes: { name: string; body: SQL }[]): Promise<void> {
  await runPrepared(db, 'spot_batch', withCtes(ctes));
}
