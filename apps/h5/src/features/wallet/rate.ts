import { Decimal } from '@hx/money';

/** The coin prices are read in: a rate involving it shows the other coin as the unit. */
const QUOTE_COIN = 'USDT';

export interface RateView {
  /** The coin counted as 1. */
  base: string;
  /** The coin the price is in. */
  quote: string;
  /** Units of `quote` per one `base`, exact (not rounded). */
  price: Decimal;
}

/**
 * A conversion's rate the way people read prices, whichever direction is chosen: "1 BTC =
 * 64,300 USDT", never "1 USDT = 0.0000155 BTC". With USDT on either side the other coin is the
 * unit; between two other coins the dearer one is, so the price is at least 1. `price` is the
 * quote's: `to` per one `from`.
 */
export function rateView(from: string, to: string, price: string): RateView | null {
  const p = new Decimal(price);
  if (!p.isFinite() || p.lte(0)) return null;
  const fromIsUnit = from === QUOTE_COIN ? false : to === QUOTE_COIN ? true : p.gte(1);
  return fromIsUnit
    ? { base: from, quote: to, price: p }
    : { base: to, quote: from, price: new Decimal(1).div(p) };
}

/**
 * The rate's price at most at `decimals` (the quote coin's), rounded to nearest: a rate is read,
 * not paid, and the inverse of a rounded price would floor 64,300 to 64,299.9999. Trailing zeros
 * go down to two places ("64,300.00", not "64,300.0000"). Prices below one unit of the last
 * decimal keep 4 significant digits.
 */
export function ratePrice(price: Decimal, decimals: number): string {
  if (price.lt(new Decimal(10).pow(-decimals))) return price.toSignificantDigits(4).toFixed();
  const rounded = price.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return rounded.toFixed(Math.max(rounded.decimalPlaces(), Math.min(2, decimals)));
}
