import { LOCALE_TAGS, type Locale } from '@hx/contracts';
import { formatAmount } from '@hx/money';

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
