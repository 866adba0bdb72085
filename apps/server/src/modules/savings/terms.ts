import type { SavingsTierTerms } from '@hx/db';
import { Decimal } from '@hx/money';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Hours in a year: an annual rate accrues rate / 8760 an hour. */
export const HOURS_A_YEAR = 8760;
/** Hourly interest is kept to the ledger's 18 decimals, rounded down; the day's sum is paid. */
const ACCRUAL_DECIMALS = 18;

/** The start of the hour `at` is in. */
export const hourStart = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
/** The start of the next hour after `at` (`at` itself when it is one). */
export const nextHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
/** The start of the UTC day `at` is in. */
export const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * One hour's interest on `balance`: each band's part of the balance at the band's annual rate,
 * over 8760 hours, rounded down to 18 decimals.
 */
export function hourlyInterest(balance: Decimal.Value, tiers: SavingsTierTerms[]): Decimal {
  let rest = new Decimal(balance);
  let lower = new Decimal(0);
  let yearly = new Decimal(0);
  for (const tier of tiers) {
    if (rest.lte(0)) break;
    const width =
      tier.upTo === null ? rest : Decimal.min(rest, new Decimal(tier.upTo).minus(lower));
    if (width.gt(0)) yearly = yearly.plus(width.times(tier.annualRate));
    rest = rest.minus(Decimal.max(width, 0));
    if (tier.upTo !== null) lower = new Decimal(tier.upTo);
  }
  return yearly.div(HOURS_A_YEAR).toDecimalPlaces(ACCRUAL_DECIMALS, Decimal.ROUND_DOWN);
}
