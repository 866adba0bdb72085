import DecimalJs from 'decimal.js';

/**
 * Decimal arithmetic and display for money. Amounts travel as strings and are computed with
 * decimal.js; nothing here passes through a JS float.
 *
 * decimal.js keeps 20 significant digits by default, fewer than numeric(36,18) holds; this clone
 * keeps 80 and never switches to exponent notation for the numbers we store.
 */
export const Decimal = DecimalJs.clone({ precision: 80, toExpNeg: -40, toExpPos: 60 });

export type Decimal = DecimalJs;
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Decimal {
  type Value = DecimalJs.Value;
}

/** `value` floored (towards minus infinity) to `decimals` places, as a plain decimal string. */
export function floorTo(value: Decimal.Value, decimals: number): string {
  return new Decimal(value).toDecimalPlaces(decimals, DecimalJs.ROUND_FLOOR).toFixed(decimals);
}

export function isDecimal(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  try {
    return new Decimal(value).isFinite();
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for display: floored to `decimals` (the spec: amounts display floored), grouped and
 * punctuated for the BCP 47 `localeTag`. Intl formats the decimal string exactly. '--' when not a number.
 */
export function formatAmount(
  value: Decimal.Value,
  decimals: number,
  localeTag: string,
  group = true,
): string {
  if (!isDecimal(value)) return '--';
  const key = `${localeTag}|${decimals}|${group}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: group ? 'auto' : false,
    });
    formats.set(key, format);
  }
  // A string argument is formatted as an exact decimal (Intl.NumberFormat v3).
  return format.format(floorTo(value, decimals) as unknown as number);
}
