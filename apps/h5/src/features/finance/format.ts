import type { Locale } from '@hx/contracts';
import { Decimal } from '@hx/money';
import { floorFormat } from '../../lib/number.ts';

/** A rate as a percentage with at most `decimals` places and no trailing zeros: 0.004 → "0.4%". */
export function percent(rate: string, decimals = 4): string {
  return `${new Decimal(rate).times(100).toDecimalPlaces(decimals).toFixed()}%`;
}

/** A minimum or maximum as set, without padding zeros: "1,000", "0.01". */
export const plainAmount = (value: string, locale: Locale) =>
  floorFormat(value, new Decimal(value).decimalPlaces(), locale);
