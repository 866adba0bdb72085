import { isSum } from './hash.ts';

/**
 * An integer count of a coin's smallest unit as a plain decimal amount in coin units, exactly
 * (string arithmetic, no float): `unitsToAmount('150000000', 8)` is `'1.5'`.
 */
export function unitsToAmount(units: string, decimals: number): string {
  if (!isSum(units)) throw new Error(`${units} is not a non-negative integer`);
  if (decimals === 0) return units;
  const padded = units.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
