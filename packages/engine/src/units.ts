import type { PairSpec } from './types.ts';

/**
 * Decimal text to minor units at `scale` decimals: parseUnits('65000.12', 2) === 6500012n.
 * More decimals than the scale is an error, never a silent rounding.
 */
export function parseUnits(text: string, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not a decimal number`);
  const [, sign, whole = '', fraction = ''] = match;
  const digits = fraction.replace(/0+$/, '');
  if (digits.length > scale) throw new RangeError(`"${text}" has more than ${scale} decimals`);
  const units = BigInt(whole + digits.padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Minor units to decimal text with exactly `scale` decimals: formatUnits(6500012n, 2) === '65000.12'. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Decimals of a quote value (a fill's quote, a market buy's funds): priceScale + amountScale. */
export function quoteScale(spec: Pick<PairSpec, 'priceScale' | 'amountScale'>): number {
  return spec.priceScale + spec.amountScale;
}

/** Exact quote value of `amount` at `price`, at quoteScale. */
export function quoteOf(price: bigint, amount: bigint): bigint {
  return price * amount;
}
