import { Decimal } from '@hx/money';
import { AppError } from '../../lib/errors.ts';
import type { Coin } from './coins.ts';

/** The amount has no more decimals than the coin allows (AMOUNT_PRECISION otherwise). */
export function assertPrecision(amount: string, coin: Pick<Coin, 'decimals'>): Decimal {
  const value = new Decimal(amount);
  if (value.decimalPlaces() > coin.decimals)
    throw new AppError('AMOUNT_PRECISION', { decimals: coin.decimals });
  return value;
}

/** An exact decimal string with at least `decimals` places (more only if the value has them). */
export function show(value: Decimal.Value, decimals: number): string {
  const d = new Decimal(value);
  return d.toFixed(Math.max(decimals, d.decimalPlaces()));
}

/** A short form of a minimum or fee for messages: trailing zeros dropped. */
export const plain = (value: Decimal.Value) => new Decimal(value).toFixed();
