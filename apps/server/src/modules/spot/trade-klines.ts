import { sql, type SQL } from 'drizzle-orm';
import { unnest } from '@hx/db';
import { formatUnits } from '@hx/engine';
import { barsOfFills, type Fill } from '../market/trade-bars.ts';
import { quoteScaleOf, type Batch } from './matching.ts';
import type { Pair } from './pair.ts';

const KLINE_COLUMNS: [string, string][] = [
  ['symbol', 'text'],
  ['period', 'text'],
  ['time', 'bigint'],
  ['open', 'numeric'],
  ['high', 'numeric'],
  ['low', 'numeric'],
  ['close', 'numeric'],
  ['volume', 'numeric'],
  ['quote_volume', 'numeric'],
  ['trades', 'int'],
  ['taker_buy_volume', 'numeric'],
  ['taker_buy_quote_volume', 'numeric'],
];

/** A batch's trades as the market's fills (decimal strings at the pair's scales), in order. */
export function fillsOf(pair: Pair, batch: Batch): Fill[] {
  const qs = quoteScaleOf(pair);
  return batch.trades.map((t) => ({
    price: formatUnits(t.price, pair.spec.priceScale),
    amount: formatUnits(t.amount, pair.spec.amountScale),
    quote: formatUnits(t.quote, qs),
    takerSide: t.takerSide,
    time: t.time,
  }));
}

/**
 * The pair's klines moved by the batch's trades, in the batch's own statement: a new bar opens
 * with the batch's first price, a stored one keeps its open, widens its range, takes the last
 * close and adds up volumes and the count. Bars and trades are written together or not at all.
 */
export function klinesCte(pair: Pair, fills: readonly Fill[]): { name: string; body: SQL } {
  const rows = barsOfFills(fills).map(({ period, bar }) => [
    pair.symbol,
    period,
    bar.time,
    bar.open,
    bar.high,
    bar.low,
    bar.close,
    bar.volume,
    bar.quoteVolume,
    bar.trades,
    bar.takerBuyVolume,
    bar.takerBuyQuoteVolume,
  ]);
  return {
    name: 'klines',
    body: sql`insert into spot_klines (symbol, period, time, open, high, low, close, volume,
          quote_volume, trades, taker_buy_volume, taker_buy_quote_volume)
        select * from ${unnest(rows, KLINE_COLUMNS)}
        on conflict (symbol, period, time) do update set
          high = greatest(spot_klines.high, excluded.high),
          low = least(spot_klines.low, excluded.low),
          close = excluded.close,
          volume = spot_klines.volume + excluded.volume,
          quote_volume = spot_klines.quote_volume + excluded.quote_volume,
          trades = spot_klines.trades + excluded.trades,
          taker_buy_volume = spot_klines.taker_buy_volume + excluded.taker_buy_volume,
          taker_buy_quote_volume =
            spot_klines.taker_buy_quote_volume + excluded.taker_buy_quote_volume`,
  };
}
