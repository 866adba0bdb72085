import { Decimal, isDecimal } from '@hx/money';
import type { LeverPair, LeverPosition, LeverSide, Locale } from '@hx/protocol';
import { floorFormat } from '../../lib/number.ts';

export interface Preview {
  entry: string;
  margin: string;
  fee: string;
  total: string;
  /** Where margin + P&L falls to maintenance × margin (modules/lever/math.ts), 18 decimals. */
  liquidation: string;
  /** How far the price may move against the position before liquidation, as a fraction. */
  reach: string;
}

/**
 * The order form's preview, with the server's arithmetic (modules/lever/math.ts): the entry at
 * the price plus spread (long) or less it (short), margin = entry × lots × lot size ÷ multiple
 * rounded up, fee = notional × fee rate rounded up, liquidation = entry × (1 ∓ (1 − maintenance)
 * ÷ multiple). Null when the inputs are incomplete. A market entry is an estimate: it fills at
 * the price recorded when the server takes it.
 */
export function preview(
  pair: LeverPair,
  side: LeverSide,
  lots: number,
  multiple: number,
  limitPrice: string | null,
  coinDecimals = 4,
): Preview | null {
  const base = limitPrice ?? pair.price;
  if (!base || !isDecimal(base) || !new Decimal(base).gt(0) || lots < 1 || multiple < 1)
    return null;
  const entry =
    limitPrice !== null
      ? new Decimal(limitPrice)
      : withSpread(side, base, pair.spread, pair.price_precision);
  const notional = entry.times(lots).times(pair.lot_size);
  const margin = notional.div(multiple).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
  const fee = notional.times(pair.fee_rate).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
  const reach = new Decimal(1).minus(pair.maintenance_ratio).div(multiple);
  const liquidation =
    side === 'long'
      ? Decimal.max(
          entry.times(new Decimal(1).minus(reach)).toDecimalPlaces(18, Decimal.ROUND_DOWN),
          0,
        )
      : entry.times(new Decimal(1).plus(reach)).toDecimalPlaces(18, Decimal.ROUND_UP);
  return {
    entry: entry.toFixed(pair.price_precision),
    margin: margin.toFixed(coinDecimals),
    fee: fee.toFixed(coinDecimals),
    total: margin.plus(fee).toFixed(coinDecimals),
    liquidation: liquidation.toFixed(),
    reach: reach.toFixed(),
  };
}

/**
 * A recorded price with the spread (modules/lever/math.ts entryPrice): plus it for a long,
 * rounded up, less it for a short, rounded down, on the pair's price grid.
 */
export function withSpread(
  side: LeverSide,
  price: Decimal.Value,
  spread: Decimal.Value,
  decimals: number,
): Decimal {
  const p = new Decimal(price);
  return side === 'long'
    ? p.times(new Decimal(1).plus(spread)).toDecimalPlaces(decimals, Decimal.ROUND_UP)
    : p.times(new Decimal(1).minus(spread)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/**
 * How a position's entry follows from the recorded price it cites, so the two numbers on its card
 * add up: the spread's sign (+ long, − short), its rate and amount in price, and the price with it
 * (a market entry's open price; what a limit entry's price was reached by). Null before an entry.
 */
export function entryBasis(
  p: Pick<LeverPosition, 'side' | 'type' | 'open_price' | 'open_tick_price' | 'spread'>,
  decimals: number,
): { sign: '+' | '−'; amount: string; quote: string } | null {
  if (p.open_price === null || p.open_tick_price === null) return null;
  const quote =
    p.type === 'market'
      ? new Decimal(p.open_price)
      : withSpread(p.side, p.open_tick_price, p.spread, decimals);
  return {
    sign: p.side === 'long' ? '+' : '−',
    amount: quote.minus(p.open_tick_price).abs().toFixed(),
    quote: quote.toFixed(),
  };
}

/**
 * ROE: the P&L over the initial margin, in percent with two decimals (toward zero) and a sign.
 * Null without a P&L.
 */
export function roe(profit: string | null, margin: string): string | null {
  if (profit === null || !isDecimal(profit) || !isDecimal(margin)) return null;
  const m = new Decimal(margin);
  if (m.lte(0)) return null;
  const r = new Decimal(profit).div(m).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return r.gt(0) ? `+${r.toFixed(2)}` : r.toFixed(2);
}

/** A percentage figure ("+15.28", "20.00") written for the language, with its sign and "%". */
export function ratioText(value: string | null, locale: Locale = 'en'): string {
  if (value === null || !isDecimal(value)) return '--';
  const d = new Decimal(value);
  const sign = value.startsWith('+') ? '+' : d.lt(0) ? '-' : '';
  return `${sign}${floorFormat(d.abs().toFixed(), 2, locale)}%`;
}

/**
 * The P&L net of fees: the opening fee (the only one: closing is free, docs/decisions.md) taken
 * from the P&L. Exact; null without a P&L.
 */
export function netProfit(profit: string | null, fee: string): string | null {
  if (profit === null || !isDecimal(profit) || !isDecimal(fee)) return null;
  return new Decimal(profit).minus(fee).toFixed();
}

/**
 * How near liquidation the margin ratio (server: maintenance margin ÷ margin balance, 100% =
 * liquidation) is: calm below half way, warn from 50%, danger from 80%.
 */
export function riskLevel(marginRatio: string | null): 'calm' | 'warn' | 'danger' {
  if (marginRatio === null || !isDecimal(marginRatio)) return 'calm';
  const r = new Decimal(marginRatio);
  return r.gte(80) ? 'danger' : r.gte(50) ? 'warn' : 'calm';
}

/** An amount with sign and the coin's decimals (toward zero), grouped for the language. */
export function signed(value: string | null, locale: Locale = 'en', decimals = 4): string {
  if (value === null || !isDecimal(value)) return '--';
  const d = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  const text = floorFormat(d.abs().toFixed(), decimals, locale);
  return d.gt(0) ? `+${text}` : d.lt(0) ? `-${text}` : text;
}

/** An amount (margin, fee, balance) at the coin's decimals, floored, grouped for the language. */
export function amountText(value: string | null | undefined, locale: Locale = 'en', decimals = 4) {
  if (value === null || value === undefined || !isDecimal(value)) return '--';
  return floorFormat(value, decimals, locale);
}

/**
 * A price at the pair's precision (liquidation prices come with 18 decimals), rounded half up
 * as before, then grouped for the language ("59,805.98"; "59.805,98" in Spanish).
 */
export function priceText(value: string | null, decimals: number, locale: Locale = 'en'): string {
  if (value === null || !isDecimal(value)) return '--';
  const rounded = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();
  return floorFormat(rounded, decimals, locale);
}

/** A fraction as a percentage for the language: 0.04 → "4%". */
export function percentText(fraction: string, locale: Locale = 'en'): string {
  const value = new Decimal(fraction).times(100);
  return `${floorFormat(value.toFixed(), Math.min(value.decimalPlaces(), 2), locale)}%`;
}

/** A trailing stop's distance as the user set it: a price on the pair's grid, or a percent. */
export function trailingText(
  distance: string | null,
  unit: 'price' | 'percent' | null,
  decimals: number,
  locale: Locale = 'en',
): string {
  if (distance === null || !isDecimal(distance)) return '--';
  if (unit !== 'percent') return priceText(distance, decimals, locale);
  const value = new Decimal(distance);
  return `${floorFormat(value.toFixed(), Math.min(value.decimalPlaces(), 2), locale)}%`;
}
