import { Decimal, floorTo, isDecimal } from '@hx/money';

/**
 * Amount helpers for the money forms. Amounts stay decimal strings and are compared and computed
 * with @hx/money's Decimal, never as floats.
 */

/** What the user types, kept to digits and one point with at most `decimals` places. */
export function sanitizeAmount(input: string, decimals: number): string {
  const cleaned = input.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let whole = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const fraction = dot < 0 ? '' : cleaned.slice(dot + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '');
  if (dot < 0 || decimals <= 0) return whole;
  return `${whole || '0'}.${fraction.slice(0, decimals)}`;
}

/** A positive amount the server would take ('0', '.', '' are not). */
export function isPositiveAmount(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value) && /[1-9]/.test(value);
}

function decimalOf(value: string): Decimal | null {
  return isDecimal(value) ? new Decimal(value) : null;
}

/** a > b; false when either is not a number. */
export function exceeds(a: string, b: string): boolean {
  const x = decimalOf(a);
  const y = decimalOf(b);
  return x !== null && y !== null && x.greaterThan(y);
}

/** a < b; false when either is not a number. */
export function below(a: string, b: string): boolean {
  const x = decimalOf(a);
  const y = decimalOf(b);
  return x !== null && y !== null && x.lessThan(y);
}

/** What arrives after the fee, floored to `decimals`; null while it would not be positive. */
export function receiveOf(amount: string, fee: string, decimals: number): string | null {
  const x = isPositiveAmount(amount) ? decimalOf(amount) : null;
  const f = decimalOf(fee);
  if (x === null || f === null) return null;
  const receive = x.minus(f);
  return receive.greaterThan(0) ? floorTo(receive, decimals) : null;
}

/** The sum of decimal strings (anything that is not a number counts as zero). */
export function sumAmounts(values: readonly string[]): string {
  let total = new Decimal(0);
  for (const value of values) {
    const x = decimalOf(value);
    if (x) total = total.plus(x);
  }
  return total.toFixed();
}

/** A balance as the "all" button puts it in the field: floored, without trailing zeros. */
export function inputAmount(value: string, decimals: number): string {
  const x = decimalOf(value);
  if (x === null || !x.greaterThan(0)) return '';
  return new Decimal(floorTo(x, decimals)).toFixed();
}

/** What is left of a daily amount after `used` (never below zero); null without a limit. */
export function dailyLeft(limit: string | null, used: string): string | null {
  const l = limit === null ? null : decimalOf(limit);
  if (l === null) return null;
  const left = l.minus(decimalOf(used) ?? 0);
  return left.greaterThan(0) ? left.toFixed() : '0';
}
