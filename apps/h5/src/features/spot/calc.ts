import { Decimal, isDecimal } from '@hx/money';
import type { Level, OrderSide, PlaceType } from './types.ts';

/**
 * The order form's arithmetic: decimal strings in, decimal strings out, computed with @hx/money's
 * Decimal (never a float). Amounts are always in the base coin; totals in the quote coin.
 */

/** A positive decimal, or null for '', '0', '.', or anything that is not a number. */
function positive(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '' || !isDecimal(value)) return null;
  const d = new Decimal(value);
  return d.gt(0) ? d : null;
}

/** Decimal places of a step or tick ('0.00001' → 5, '1' → 0). */
export function placesOf(step: string): number {
  return isDecimal(step) ? Math.max(0, new Decimal(step).decimalPlaces()) : 0;
}

/** `value` floored to a multiple of `step`, written with the step's places. */
export function floorToStep(value: Decimal.Value, step: string): string {
  const s = positive(step);
  const v = new Decimal(value);
  if (!s) return v.toFixed();
  return v.div(s).floor().times(s).toFixed(placesOf(step));
}

/** price × amount, exact; null until both are positive. */
export function totalOf(price: string, amount: string): string | null {
  const p = positive(price);
  const a = positive(amount);
  return p && a ? p.times(a).toFixed() : null;
}

/**
 * The fee preview: the taker rate of what the order receives, in the received coin: the base
 * coin for a buy (rate × amount), the quote coin for a sell (rate × price × amount), rounded up
 * at 18 decimals as the server charges it.
 */
export function feeOf(side: OrderSide, price: string, amount: string, rate: string): string | null {
  const r = isDecimal(rate) ? new Decimal(rate) : null;
  const a = positive(amount);
  if (!r || !a) return null;
  const received = side === 'buy' ? a : totalOf(price, amount);
  if (received === null) return null;
  return new Decimal(received).times(r).toDecimalPlaces(18, Decimal.ROUND_UP).toFixed();
}

/**
 * The amount for `percent` of the available balance: the quote coin ÷ price for a buy, the base
 * coin for a sell; floored to the pair's step so it never asks for more than there is. '' when
 * it comes to nothing (no balance, no price).
 */
export function sliderAmount(
  percent: number,
  side: OrderSide,
  available: string | undefined,
  price: string,
  step: string,
): string {
  const funds = positive(available);
  if (!funds || percent <= 0) return '';
  const share = funds.times(Math.min(percent, 100)).div(100);
  let amount = share;
  if (side === 'buy') {
    const p = positive(price);
    if (!p) return '';
    amount = share.div(p);
  }
  const floored = floorToStep(amount, step);
  return new Decimal(floored).gt(0) ? floored : '';
}

/** Where the slider sits for an amount typed by hand: whole percent, 0–100. */
export function percentOf(
  amount: string,
  side: OrderSide,
  available: string | undefined,
  price: string,
): number {
  const a = positive(amount);
  const funds = positive(available);
  if (!a || !funds) return 0;
  let used = a;
  if (side === 'buy') {
    const p = positive(price);
    if (!p) return 0;
    used = a.times(p);
  }
  const pct = used.div(funds).times(100).floor();
  return pct.gt(100) ? 100 : pct.toNumber();
}

/** One tick or step up (`direction` 1) or down (-1) from `value`, never below zero. */
export function stepBy(value: string, step: string, direction: 1 | -1): string {
  const s = positive(step);
  if (!s) return value;
  const start = isDecimal(value) && value !== '' ? new Decimal(value) : new Decimal(0);
  // A value between steps moves to the next step in that direction first.
  const aligned = new Decimal(floorToStep(start, step));
  const next = direction === 1 ? aligned.plus(s) : aligned.eq(start) ? aligned.minus(s) : aligned;
  return next.gt(0) ? next.toFixed(placesOf(step)) : new Decimal(0).toFixed(placesOf(step));
}

export interface DepthRow {
  price: string;
  amount: string;
  /** The amount of this level and every better one. */
  cumulative: string;
  /** The cumulative amount as a share of the deepest side shown, in percent (for the bar). */
  share: number;
}

function accumulate(levels: readonly Level[], count: number): Omit<DepthRow, 'share'>[] {
  let sum = new Decimal(0);
  return levels.slice(0, count).map(([price, amount]) => {
    sum = sum.plus(isDecimal(amount) ? amount : 0);
    return { price, amount, cumulative: sum.toFixed() };
  });
}

/**
 * The book as shown: up to `count` levels per side, best first, each with its cumulative size and
 * that size as a share of the larger side's total (both sides on one scale).
 */
export function cumulativeDepth(
  bids: readonly Level[],
  asks: readonly Level[],
  count: number,
): { bids: DepthRow[]; asks: DepthRow[] } {
  const b = accumulate(bids, count);
  const a = accumulate(asks, count);
  const deepest = Decimal.max(b.at(-1)?.cumulative ?? 0, a.at(-1)?.cumulative ?? 0);
  const share = (row: Omit<DepthRow, 'share'>): DepthRow => ({
    ...row,
    share: deepest.gt(0)
      ? new Decimal(row.cumulative).div(deepest).times(100).toDecimalPlaces(2).toNumber()
      : 0,
  });
  return { bids: b.map(share), asks: a.map(share) };
}

export type OrderIssue =
  | 'PRICE_REQUIRED'
  | 'STOP_PRICE_REQUIRED'
  | 'AMOUNT_REQUIRED'
  | 'INSUFFICIENT_BALANCE'
  | 'OCO_PRICES'
  | 'OCO_PRICE_RELATION';

/** Order types with a limit price of their own; with a trigger price. */
const PRICED: readonly PlaceType[] = ['limit', 'stop_limit', 'oco'];
const STOPPED: readonly PlaceType[] = ['stop_limit', 'stop_market', 'oco'];

/** A stop-market buy freezes this share more than amount × trigger price (the server's rule). */
const STOP_MARKET_ROOM = '1.05';

/**
 * The price an order's cost is counted at, for the balance check and the slider of a buy: its
 * limit price; the dearer of an OCO's two limit prices; a stop-market's trigger price with the
 * 5% it freezes beyond; a market order's `reference`. null until known.
 */
export function lockPriceOf(order: {
  type: PlaceType;
  price: string;
  stopPrice?: string;
  stopLimitPrice?: string;
  reference?: string | null;
}): string | null {
  const price = positive(order.price);
  switch (order.type) {
    case 'limit':
    case 'stop_limit':
      return price?.toFixed() ?? null;
    case 'oco': {
      const stop = positive(order.stopLimitPrice);
      return price && stop ? Decimal.max(price, stop).toFixed() : null;
    }
    case 'stop_market':
      return positive(order.stopPrice)?.times(STOP_MARKET_ROOM).toFixed() ?? null;
    case 'market':
      return positive(order.reference)?.toFixed() ?? null;
  }
}

/**
 * What the form checks before sending (spec: quantity required; balance or sellable balance
 * sufficient). A buy needs amount × its lock price (`lockPriceOf`; a market buy is estimated at
 * `reference`, the best ask or last price) of the quote coin; a sell needs the amount of the base
 * coin. Stop and OCO orders need their trigger price, and an OCO its prices the right way round
 * and, when the pair's last trade price is known, on both sides of it (the server's rule: a sell
 * limit > last > trigger, a buy limit < last < trigger). Without a known balance the server decides.
 */
export function orderIssue(order: {
  side: OrderSide;
  type: PlaceType;
  price: string;
  amount: string;
  available: string | undefined;
  reference?: string | null;
  stopPrice?: string;
  stopLimitPrice?: string;
  /** The pair's last trade price, when known. */
  last?: string | null;
}): OrderIssue | null {
  if (PRICED.includes(order.type) && !positive(order.price)) return 'PRICE_REQUIRED';
  if (STOPPED.includes(order.type) && !positive(order.stopPrice)) return 'STOP_PRICE_REQUIRED';
  if (order.type === 'oco') {
    if (!positive(order.stopLimitPrice)) return 'PRICE_REQUIRED';
    const limit = new Decimal(order.price);
    const above = order.side === 'sell' ? limit.gt(order.stopPrice!) : limit.lt(order.stopPrice!);
    if (!above) return 'OCO_PRICES';
    const last = positive(order.last);
    if (
      last &&
      (order.side === 'sell'
        ? !limit.gt(last) || !last.gt(order.stopPrice!)
        : !limit.lt(last) || !last.lt(order.stopPrice!))
    )
      return 'OCO_PRICE_RELATION';
  }
  const amount = positive(order.amount);
  if (!amount) return 'AMOUNT_REQUIRED';
  if (order.available === undefined || !isDecimal(order.available)) return null;
  const available = new Decimal(order.available);
  if (order.side === 'sell') return amount.gt(available) ? 'INSUFFICIENT_BALANCE' : null;
  const price = lockPriceOf(order);
  const cost = price ? totalOf(price, order.amount) : null;
  if (cost === null) return available.gt(0) ? null : 'INSUFFICIENT_BALANCE';
  return new Decimal(cost).gt(available) ? 'INSUFFICIENT_BALANCE' : null;
}

/**
 * A market buy by spend (the quote to spend, as Binance's market buy asks for "Total"): `percent`
 * of the available quote, floored to the pair's tick (the spend's decimals). '' for nothing.
 */
export function spendOf(percent: number, available: string | undefined, tick: string): string {
  const funds = positive(available);
  if (!funds || percent <= 0) return '';
  const floored = floorToStep(funds.times(Math.min(percent, 100)).div(100), tick);
  return new Decimal(floored).gt(0) ? floored : '';
}

/** Where the slider sits for a spend typed by hand: whole percent of the available, 0–100. */
export function spendPercent(spend: string, available: string | undefined): number {
  const s = positive(spend);
  const funds = positive(available);
  if (!s || !funds) return 0;
  const pct = s.div(funds).times(100).floor();
  return pct.gt(100) ? 100 : pct.toNumber();
}

/**
 * About what a spend buys at `price` (the best ask, else the last price): whole amount steps,
 * as the server fills it. null until both are positive; deeper levels buy less than this.
 */
export function boughtOf(spend: string, price: string | undefined, step: string): string | null {
  const s = positive(spend);
  const p = positive(price);
  if (!s || !p) return null;
  return floorToStep(s.div(p), step);
}

/** The form's checks of a buy by spend: a positive spend, at most the available quote. */
export function spendIssue(
  spend: string,
  available: string | undefined,
): 'AMOUNT_REQUIRED' | 'INSUFFICIENT_BALANCE' | null {
  const s = positive(spend);
  if (!s) return 'AMOUNT_REQUIRED';
  if (available === undefined || !isDecimal(available)) return null;
  return s.gt(available) ? 'INSUFFICIENT_BALANCE' : null;
}
