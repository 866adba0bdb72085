import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@hx/db';
import type { Period } from '@hx/market';
import { atPrecision } from './store.ts';
import type { TradeBar } from './trade-bars.ts';

/** The SQL reading a spot pair's own klines (`spot_klines`, written with its trades by spot). */

interface Row {
  symbol: string;
  period: string;
  time: string | number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume: string;
  trades: number | string;
  taker_buy_volume: string;
  taker_buy_quote_volume: string;
}

export interface SymbolTradeBar extends TradeBar {
  symbol: string;
  period: Period;
}

/** Price and amount decimals of a symbol, and those of its quote amounts. */
export type Scales = (symbol: string) => { price: number; amount: number; quote: number };

const toBar = (r: Row, scales: Scales): SymbolTradeBar => {
  const s = scales(r.symbol);
  return {
    symbol: r.symbol,
    period: r.period as Period,
    time: Number(r.time),
    open: atPrecision(r.open, s.price),
    high: atPrecision(r.high, s.price),
    low: atPrecision(r.low, s.price),
    close: atPrecision(r.close, s.price),
    volume: atPrecision(r.volume, s.amount),
    quoteVolume: atPrecision(r.quote_volume, s.quote),
    trades: Number(r.trades),
    takerBuyVolume: atPrecision(r.taker_buy_volume, s.amount),
    takerBuyQuoteVolume: atPrecision(r.taker_buy_quote_volume, s.quote),
  };
};

const COLUMNS = sql`symbol, period, time, open, high, low, close, volume, quote_volume, trades,
  taker_buy_volume, taker_buy_quote_volume`;

/** Bars of one pair and period in [from, to): the latest `limit` of them, ascending. */
export async function tradeBarsBetween(
  db: Db,
  symbol: string,
  period: Period,
  range: { from: number; to: number; limit: number },
  scales: Scales,
): Promise<SymbolTradeBar[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${COLUMNS} from spot_klines
      where symbol = ${symbol} and period = ${period}
        and time >= ${range.from} and time < ${range.to}
      order by time desc limit ${range.limit}`),
  );
  return rows.reverse().map((r) => toBar(r, scales));
}

/** The bars of every period still open at `now` (restart), and the 1min bars of [from, now). */
export async function openTradeBars(
  db: Db,
  symbols: readonly string[],
  starts: { period: Period; time: number }[],
  scales: Scales,
): Promise<SymbolTradeBar[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select k.symbol, k.period, k.time, k.open, k.high, k.low, k.close, k.volume,
        k.quote_volume, k.trades, k.taker_buy_volume, k.taker_buy_quote_volume
      from spot_klines k
      join unnest(${sql.param(starts.map((s) => s.period))}::text[],
        ${sql.param(starts.map((s) => s.time))}::bigint[]) as p(period, time)
        on k.period = p.period and k.time = p.time
      where k.symbol = any(${sql.param(symbols)}::text[])`),
  );
  return rows.map((r) => toBar(r, scales));
}

export async function minuteTradeBars(
  db: Db,
  symbols: readonly string[],
  from: number,
  scales: Scales,
): Promise<SymbolTradeBar[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${COLUMNS} from spot_klines
      where symbol = any(${sql.param(symbols)}::text[]) and period = '1min' and time >= ${from}
      order by symbol, time`),
  );
  return rows.map((r) => toBar(r, scales));
}

/** Per pair: its first trade-made minute (before it, a demo shows the walk) and last trade. */
export async function pairHistory(
  db: Db,
  symbols: readonly string[],
): Promise<
  Map<
    string,
    { since: number | null; last: { price: string; amount: string; time: number } | null }
  >
> {
  const rows = rowsOf<{
    symbol: string;
    since: string | number | null;
    price: string | null;
    amount: string | null;
    time: string | number | null;
  }>(
    await db.execute(sql`
      select s.symbol,
        (select min(time) from spot_klines where symbol = s.symbol and period = '1min') as since,
        t.price, t.amount, t.time
      from unnest(${sql.param(symbols)}::text[]) as s(symbol)
      left join lateral (
        select price, amount, time from spot_trades where symbol = s.symbol
        order by id desc limit 1) as t on true`),
  );
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        since: r.since === null ? null : Number(r.since),
        last:
          r.price !== null && r.amount !== null && r.time !== null
            ? { price: r.price, amount: r.amount, time: Number(r.time) }
            : null,
      },
    ]),
  );
}
