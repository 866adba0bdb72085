import type { OptionResult, OptionType } from '@hx/protocol';
import { Decimal } from '@hx/money';

/** A recorded price cut to the symbol's precision, as the market serves it (never rounded up). */
export const atPrecision = (price: Decimal.Value, dp: number): string =>
  new Decimal(price).toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed(dp);

/**
 * The result of an order from its two recorded prices, compared at the symbol's precision:
 * call wins above, put below, even on equal; a call or put that ends equal is refunded.
 */
export function outcome(
  type: OptionType,
  open: Decimal.Value,
  close: Decimal.Value,
  precision: number,
): OptionResult {
  const cmp = new Decimal(atPrecision(close, precision)).cmp(atPrecision(open, precision));
  if (type === 'even') return cmp === 0 ? 'win' : 'lose';
  if (cmp === 0) return 'refund';
  return (type === 'call' ? cmp > 0 : cmp < 0) ? 'win' : 'lose';
}

/**
 * What the stake turns into: a win pays stake × (1 + rate), floored to the coin's decimals (the
 * platform never pays more than the rate says); a refund returns the stake; a loss pays nothing.
 */
export function payout(
  result: OptionResult,
  stake: Decimal.Value,
  rate: Decimal.Value,
  decimals: number,
): { paid: Decimal; profit: Decimal } {
  const s = new Decimal(stake);
  if (result === 'refund') return { paid: s, profit: new Decimal(0) };
  if (result === 'lose') return { paid: new Decimal(0), profit: s.negated() };
  const paid = s.times(new Decimal(1).plus(rate)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { paid, profit: paid.minus(s) };
}
