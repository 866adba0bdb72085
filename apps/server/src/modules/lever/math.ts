import { Decimal } from '@hx/money';

/**
 * The contract arithmetic of decisions.md, pure and exact:
 * margin = entry × lots × lot size ÷ multiple; P&L = ±(mark − entry) × lots × lot size;
 * liquidation when margin + P&L falls to maintenance × margin, the loss capped at the margin.
 * Amounts are rounded to the margin coin's decimals: margin and fee up, profit toward zero.
 */

export type Side = 'long' | 'short';

export interface Terms {
  side: Side;
  lots: number;
  multiple: number;
  lotSize: Decimal.Value;
}

/** The entry price of a market order: the recorded price plus the spread for a long, less it for a short, on the symbol's price grid. */
export function entryPrice(
  side: Side,
  mark: Decimal.Value,
  spread: Decimal.Value,
  decimals: number,
): Decimal {
  const m = new Decimal(mark);
  return side === 'long'
    ? m.times(new Decimal(1).plus(spread)).toDecimalPlaces(decimals, Decimal.ROUND_UP)
    : m.times(new Decimal(1).minus(spread)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

export const notional = (price: Decimal.Value, t: Pick<Terms, 'lots' | 'lotSize'>) =>
  new Decimal(price).times(t.lots).times(t.lotSize);

export function margin(price: Decimal.Value, t: Terms, coinDecimals: number): Decimal {
  return notional(price, t).div(t.multiple).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
}

export function fee(
  price: Decimal.Value,
  t: Terms,
  feeRate: Decimal.Value,
  coinDecimals: number,
): Decimal {
  return notional(price, t).times(feeRate).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP);
}

/** Unrealised (or realised) P&L at `mark`, uncapped, rounded toward zero. */
export function pnl(
  open: Decimal.Value,
  mark: Decimal.Value,
  t: Terms,
  coinDecimals: number,
): Decimal {
  const move = new Decimal(mark).minus(open);
  const raw = notional(1, t).times(t.side === 'long' ? move : move.negated());
  return raw.toDecimalPlaces(coinDecimals, Decimal.ROUND_DOWN);
}

/** What a close pays: the P&L, never losing more than the margin. */
export const settledProfit = (profit: Decimal, marginAmount: Decimal.Value) =>
  Decimal.max(profit, new Decimal(marginAmount).negated());

/**
 * The mark at which margin + P&L = maintenance × margin, for margin = entry × units ÷ multiple:
 * entry × (1 ∓ (1 − maintenance) ÷ multiple). Kept at 18 decimals, rounded so that comparing a
 * recorded price (at most 18 decimals) with it gives the exact answer: down for a long (fires
 * when mark ≤ it), up for a short (fires when mark ≥ it).
 */
export function liquidationPrice(
  side: Side,
  open: Decimal.Value,
  multiple: number,
  maintenance: Decimal.Value,
): Decimal {
  const reach = new Decimal(1).minus(maintenance).div(multiple);
  const price = new Decimal(open).times(
    side === 'long' ? new Decimal(1).minus(reach) : new Decimal(1).plus(reach),
  );
  return side === 'long'
    ? Decimal.max(price.toDecimalPlaces(18, Decimal.ROUND_DOWN), 0)
    : price.toDecimalPlaces(18, Decimal.ROUND_UP);
}

/**
 * The margin ratio as Binance shows it: maintenance margin ÷ margin balance, in percent, where
 * the maintenance margin is maintenance × margin and the balance is margin + P&L. A new position
 * shows the maintenance ratio itself (20% for 0.2); losses push it up, and it reaches 100% exactly
 * where `liquidationPrice` puts the liquidation (margin + P&L = maintenance × margin). Two
 * decimals rounded down, so 100.00 means liquidation; capped there.
 */
export function marginRatio(
  marginAmount: Decimal.Value,
  profit: Decimal.Value,
  maintenance: Decimal.Value,
): string {
  const required = new Decimal(marginAmount).times(maintenance);
  const balance = new Decimal(marginAmount).plus(profit);
  if (balance.lte(required)) return '100.00';
  return required.div(balance).times(100).toFixed(2, Decimal.ROUND_DOWN);
}

/**
 * Whether `mark` has reached the liquidation price (the trigger's rule: a long at or below it, a
 * short at or above it). The margin ratio shows 100% from there even where rounding of margin
 * and P&L would leave it a hair under.
 */
export function liquidationReached(
  side: Side,
  mark: Decimal.Value,
  liquidation: Decimal.Value | null,
): boolean {
  if (liquidation === null) return false;
  const cmp = new Decimal(mark).cmp(liquidation);
  return side === 'long' ? cmp <= 0 : cmp >= 0;
}

export type StopProblem = 'LEVER_STOP_PROFIT_SIDE' | 'LEVER_STOP_LOSS_SIDE';

/**
 * Stops must lie on the right side of `price` (the current mark, or the limit of an entry that
 * waits): a long takes profit above and stops the loss below; a short the other way round.
 */
export function stopProblem(
  side: Side,
  price: Decimal.Value,
  stopProfit: Decimal.Value | null | undefined,
  stopLoss: Decimal.Value | null | undefined,
): StopProblem | null {
  const p = new Decimal(price);
  if (stopProfit != null) {
    const sp = new Decimal(stopProfit);
    if (side === 'long' ? sp.lte(p) : sp.gte(p)) return 'LEVER_STOP_PROFIT_SIDE';
  }
  if (stopLoss != null) {
    const sl = new Decimal(stopLoss);
    if (side === 'long' ? sl.gte(p) : sl.lte(p)) return 'LEVER_STOP_LOSS_SIDE';
  }
  return null;
}

export type TrailingUnit = 'price' | 'percent';
export type TrailingProblem = 'LEVER_TRAILING_DISTANCE';

/**
 * A trailing stop must be able to sit above zero: a long's price distance below `price` (the
 * current mark, or the limit of an entry that waits). A percent is checked by its schema (< 100).
 */
export function trailingProblem(
  side: Side,
  price: Decimal.Value,
  distance: Decimal.Value | null | undefined,
  unit: TrailingUnit,
): TrailingProblem | null {
  if (distance == null || unit !== 'price' || side !== 'long') return null;
  return new Decimal(distance).gte(price) ? 'LEVER_TRAILING_DISTANCE' : null;
}

/**
 * Where a trailing stop sits: `distance` (a price, or that percent of the peak) below the peak
 * for a long, above it for a short; at 18 decimals, rounded so that comparing a recorded price
 * with it gives the exact answer (down for a long, up for a short), as the trigger index does.
 */
export function trailingStop(
  side: Side,
  peak: Decimal.Value,
  distance: Decimal.Value,
  unit: TrailingUnit,
): Decimal {
  const p = new Decimal(peak);
  const gap = unit === 'price' ? new Decimal(distance) : p.times(distance).div(100);
  return side === 'long'
    ? p.minus(gap).toDecimalPlaces(18, Decimal.ROUND_DOWN)
    : p.plus(gap).toDecimalPlaces(18, Decimal.ROUND_UP);
}

/**
 * The liquidation warning: given once when the mark has gone WARNING_SHARE of the way from the
 * open price to the liquidation price (the margin ratio is then about 56% at the default 0.2
 * maintenance), and re-armed only when the mark is back under REARM_SHARE of the way.
 */
export const WARNING_SHARE = '0.8';
export const REARM_SHARE = '0.5';

/** The mark `share` of the way from `open` to `liquidation`, rounded like the liquidation price. */
export function shareToLiquidation(
  side: Side,
  open: Decimal.Value,
  liquidation: Decimal.Value,
  share: Decimal.Value,
): Decimal {
  const o = new Decimal(open);
  const price = o.plus(new Decimal(liquidation).minus(o).times(share));
  return price.toDecimalPlaces(18, side === 'long' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
}
