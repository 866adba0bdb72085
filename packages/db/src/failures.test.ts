import { describe, expect, it } from 'vitest';
import { isContention, isDatabaseError, violated } from './failures.ts';

/** As drizzle hands it on: its own error, the driver's in `cause`. */
const wrapped = (fields: Record<string, string>) =>
  Object.assign(new Error('Failed query: …'), { cause: Object.assign(new Error('db'), fields) });

describe('the database failures inside an error', () => {
  it('finds the database error however wrapped, and tells contention from the rest', () => {
    expect(isContention(wrapped({ code: '40P01' }))).toBe(true);
    expect(isContention(wrapped({ code: '55P03' }))).toBe(true);
    expect(isContention(wrapped({ code: '23514' }))).toBe(false);
    expect(isDatabaseError(wrapped({ code: '23514' }))).toBe(true);
    expect(isDatabaseError(Object.assign(new Error('x'), { code: 'INSUFFICIENT_BALANCE' }))).toBe(
      false,
    );
  });

  it('names the constraint a statement broke', () => {
    const err = wrapped({ code: '23514', constraint: 'ledger_accounts_non_negative' });
    expect(violated(err, 'ledger_accounts_non_negative')).toBe(true);
    expect(violated(err, 'postings_bucket')).toBe(false);
    expect(violated(new Error('no database here'), 'ledger_accounts_non_negative')).toBe(false);
  });
});
