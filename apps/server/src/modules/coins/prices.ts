import { Decimal, floorTo } from '@hx/money';

/**
 * The last recorded price of a symbol (e.g. `BTCUSDT`), as market data knows it. The wallet
 * values balances in USDT with it; the market module plugs its own implementation in.
 */
export interface PriceBook {
  last(symbol: string): { price: string; time: number } | null;
}

/** No market data yet: every price is unknown. */
export const noPrices: PriceBook = { last: () => null };

/**
 * The USDT value of `total` units of `coin`, floored to `decimals`: USDT is itself; any other
 * coin needs a recorded `<COIN>USDT` price, and is worth "0" while there is none (never a
 * made-up price).
 */
export function usdtValue(
  coin: string,
  total: Decimal.Value,
  prices: PriceBook,
  decimals: number,
): string {
  if (coin === 'USDT') return floorTo(total, decimals);
  const quote = prices.last(`${coin}USDT`);
  if (!quote) return '0';
  return floorTo(new Decimal(total).times(quote.price), decimals);
}
