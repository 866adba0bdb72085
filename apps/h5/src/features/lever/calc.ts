import { Decimal, isDecimal } from '@hx/money';
import type { LeverPair, LeverSide } from '@hx/contracts';

/**
 * The order form's preview, with the server's arithmetic (modules/lever/math.ts): the entry at
 * the price plus spread (long) or less it (short), margin = entry × lots × lot size ÷ multiple
 * rounded up, fee = notional × fee rate rounded up. Null when the inputs are incomplete.
 */
export function preview(
  pair: LeverPair,
  side: LeverSide,
  lots: number,
  multiple: number,
  limitPrice: string | null,
  coinDecimals = 4,
): { entry: string; margin: string; fee: string; total: string } | null {
  const base = limitPrice ?? pair.price;
  if (!base || !isDecimal(base) || !new Decimal(base).gt(0) || lots < 1 || multiple < 1)
    return null;
  const entry =
    limitPrice !== null
      ? new Decimal(limitPrice)
      : side === 'long'
        ? new Decimal(base)
            .times(new Decimal(1).plus(pair.spread))
            .toDecimalPlaces(pair.price_precision, Decimal.ROUND_UP)
        : new Decimal(base)
            .times(new Decimal(1).minus(pair.spread))
            .toDecimalPlaces(pair.price_precision, Decimal.ROUND_DOWN);
  const notional = entry.times(lots).times(pair.lot_size);
  const margin = notional.div(multiple).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
  const fee = notional.times(pair.fee_rate).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
  return {
    entry: entry.toFixed(pair.price_precision),
    margin: margin.toFixed(coinDecimals),
    fee: fee.toFixed(coinDecimals),
    total: margin.plus(fee).toFixed(coinDecimals),
  };
}

/** A profit as the app shows it: sign and the coin's decimals. */
export function signed(value: string | null, decimals = 4): string {
  if (value === null || !isDecimal(value)) return '--';
  const d = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return d.gt(0) ? `+${d.toFixed(decimals)}` : d.toFixed(decimals);
}

/** A price at the pair's precision (liquidation prices come with 18 decimals). */
export function priceText(value: string | null, decimals: number): string {
  if (value === null || !isDecimal(value)) return '--';
  return new Decimal(value).toFixed(decimals, Decimal.ROUND_HALF_UP);
}
