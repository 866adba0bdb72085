import { LOCALE_TAGS, type Locale } from '@hx/protocol';
import { Decimal, formatAmount, isDecimal } from '@hx/money';

/**
 * `value` (a decimal string, as the API sends amounts) floored to `decimals` places and written
 * for the app's `locale`. The arithmetic is @hx/money's: never rounds up, never a float.
 * Returns '--' for anything that is not a number.
 */
export function floorFormat(
  value: string | number,
  decimals: number,
  locale: Locale,
  options: { group?: boolean } = {},
): string {
  return formatAmount(value, decimals, LOCALE_TAGS[locale], options.group !== false);
}

const percents = new Map<string, Intl.NumberFormat>();

/**
 * A rate (a decimal string: 0.004 is 0.4%) as a percentage written for `locale`, cut (towards
 * zero) to at most `decimals` places: "0.4%" in English, "0,4 %" in Spanish. `pad` keeps all
 * `decimals` places ("33.30%"). The hundredfold is decimal arithmetic; Intl only punctuates.
 */
export function formatPercent(rate: string, locale: Locale, decimals = 4, pad = false): string {
  if (!isDecimal(rate)) return '--';
  const key = `${locale}|${decimals}|${pad}`;
  let format = percents.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: 'percent',
      minimumFractionDigits: pad ? decimals : 0,
      maximumFractionDigits: decimals,
    });
    percents.set(key, format);
  }
  // Intl multiplies by 100 itself: it gets the rate already cut, two places longer.
  const cut = new Decimal(rate).toDecimalPlaces(decimals + 2, Decimal.ROUND_DOWN).toFixed();
  return format.format(cut as unknown as number);
}

/**
 * A decimal string written for `locale` with the places it has and no padding zeros: for
 * amounts the server already cut to their coin ("12.5" → "12.5", "12,5"; "1000" → "1,000").
 */
export function formatDecimal(value: string, locale: Locale): string {
  if (!isDecimal(value)) return '--';
  return floorFormat(value, new Decimal(value).decimalPlaces(), locale);
}
