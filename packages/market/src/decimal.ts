import Decimal from 'decimal.js';
import type { Precision } from './types.ts';

/** A private Decimal so no other package's global configuration can change our rounding. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Formats an integer count of 10^-decimals units as a decimal string ("6421352", 2 → "64213.52"). */
export function formatUnits(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a safe integer: ${units}`);
  const negative = units < 0;
  const digits = String(Math.abs(units));
  if (decimals === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const cut = padded.length - decimals;
  return `${negative ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

/** Tick size as an integer count of price units (10^-pricePrecision). */
export function tickUnits(spec: Precision & { tickSize: string }): number {
  const units = new Dec(spec.tickSize).times(new Dec(10).pow(spec.pricePrecision));
  if (!units.isInteger() || units.lte(0)) {
    throw new RangeError(`tick ${spec.tickSize} does not fit ${spec.pricePrecision} decimals`);
  }
  return units.toNumber();
}

/**
 * Rounds a model price (a float from the random walk) to the nearest tick, never below one tick,
 * in integer price units. * Only IEEE multiply, divide and round are used, so the result is the same on every platform.
 */
export function priceUnitsOnTick(price: number, ticksPerUnitPrice: number, tick: number): number {
  const ticks = Math.round(price * ticksPerUnitPrice);
  return Math.max(ticks, 1) * tick;
}
