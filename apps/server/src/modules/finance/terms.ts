import { PENALTY_MULTIPLE } from '@hx/protocol';
import { Decimal, floorTo } from '@hx/money';

/** The arithmetic of custody orders; amounts are floored to the coin's decimals. */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One day's interest: principal × daily rate (0.4% a day on 10,000 is 40). */
export const dailyInterest = (amount: Decimal.Value, dailyRate: Decimal.Value, decimals: number) =>
  floorTo(new Decimal(amount).times(dailyRate), decimals);

/** The early-redemption ratio of a product: its own, or 1.5 × its daily rate. */
export const penaltyRateOf = (dailyRate: Decimal.Value, own: Decimal.Value | null) =>
  own === null
    ? new Decimal(dailyRate).times(PENALTY_MULTIPLE).toFixed()
    : new Decimal(own).toFixed();

/**
 * Redeeming early costs ratio × remaining days × principal (0.4%, 3 days, 1,000 gives 12), never
 * more than the principal itself.
 */
export function penaltyOf(
  amount: Decimal.Value,
  penaltyRate: Decimal.Value,
  daysLeft: number,
  decimals: number,
): string {
  const penalty = Decimal.min(
    new Decimal(amount),
    new Decimal(penaltyRate).times(daysLeft).times(amount),
  );
  return floorTo(penalty, decimals);
}

/** An exact decimal string without trailing zeros, e.g. a rate "0.004". */
export const plainRate = (value: Decimal.Value) => new Decimal(value).toFixed();
