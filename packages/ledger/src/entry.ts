import { Decimal } from '@hx/money';
import type { AccountRef } from './accounts.ts';

export type Bucket = 'available' | 'frozen';

export interface Line {
  account: AccountRef;
  bucket?: Bucket;
  /** Signed decimal: positive credits the account, negative debits it. */
  amount: Decimal.Value;
}

export interface Entry {
  kind: string;
  refType?: string;
  refId?: number;
  /**
   * The same key posts once; a repeat returns the first entry's id. A claim of the platform's
   * (`entryClaim` in claims.ts), stored with the entry in the same transaction.
   */
  idempotencyKey?: string;
  memo?: string;
  lines: Line[];
  at?: Date;
}

export class UnbalancedEntryError extends Error {}

/** Every line nonzero, and the lines of each coin sum to zero. */
export function assertBalanced(lines: Line[]): void {
  if (lines.length === 0) throw new UnbalancedEntryError('an entry needs postings');
  const sums = new Map<number, Decimal>();
  for (const line of lines) {
    const amount = new Decimal(line.amount);
    if (!amount.isFinite() || amount.isZero())
      throw new UnbalancedEntryError('a posting must be a nonzero number');
    if (amount.decimalPlaces() > 18)
      throw new UnbalancedEntryError('a posting has more than 18 decimals');
    sums.set(line.account.coin, (sums.get(line.account.coin) ?? new Decimal(0)).plus(amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new UnbalancedEntryError(`postings of coin ${coin} sum to ${sum.toString()}`);
  }
}
