import { Decimal, isDecimal } from '@hx/money';

/** What a win pays: stake × (1 + rate), floored to the coin's decimals (as the server pays). */
export function expectedPayout(stake: string, rate: string, decimals: number): string | null {
  if (!isDecimal(stake) || !new Decimal(stake).gt(0)) return null;
  return new Decimal(stake)
    .times(new Decimal(1).plus(rate))
    .toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
    .toFixed(decimals);
}

/** The payout rate as a percentage, e.g. "0.82" → "82%". */
export const percent = (rate: string) => `${new Decimal(rate).times(100).toFixed()}%`;

/** Seconds as a short period label: 30s, 1m, 2m, 1m30s. */
export function periodLabel(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) {
    return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${seconds % 60}s`;
  }
  return seconds % 3600 === 0 ? `${seconds / 3600}h` : `${seconds / 60}m`;
}

/** Remaining time as m:ss (0:00 once delivery has passed). */
export function countdown(settleTime: number, now: number): string {
  const left = Math.max(0, Math.ceil((settleTime - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
