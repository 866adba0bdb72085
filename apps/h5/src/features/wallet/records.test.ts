import { describe, expect, it } from 'vitest';
import type { RecordItem } from '@hx/protocol';
import { amountClass, filterParam, isRecordKind, pairOf, recordPath } from './records.ts';

const item = (fields: Partial<RecordItem>): RecordItem => ({
  kind: 'withdraw',
  id: 1,
  currency_id: 3,
  coin: 'USDT',
  amount: '-20.5000',
  state: 'review',
  at: 0,
  counter: null,
  subject: null,
  side: null,
  network: 'TRC20',
  from: null,
  to: null,
  source: null,
  ...fields,
});

describe('asset records', () => {
  it('reads the filter of a link, the side menu’s included, and all for anything else', () => {
    expect(filterParam('deposit')).toBe('deposit');
    expect(filterParam('withdraw')).toBe('withdraw');
    expect(filterParam('fee')).toBe('fee');
    for (const raw of [null, '', 'withdraw_freeze', 'DEPOSIT', '<b>'])
      expect(filterParam(raw)).toBe('all');
  });

  it('opens a record only of a kind that exists', () => {
    expect(isRecordKind('withdraw')).toBe(true);
    expect(isRecordKind('withdraw_freeze')).toBe(false);
    expect(isRecordKind(null)).toBe(false);
    expect(recordPath('deposit', 7)).toBe('/pages/assets/recordDetail?kind=deposit&id=7');
  });

  it('colours money in and out, never a move between own accounts or one that did not happen', () => {
    expect(amountClass(item({}))).toContain('hx-debit');
    expect(amountClass(item({ kind: 'deposit', amount: '100.0000' }))).toContain('hx-credit');
    expect(amountClass(item({ state: 'rejected' }))).toContain('hx-record-amount--void');
    expect(amountClass(item({ kind: 'transfer', amount: '30.0000', state: 'done' }))).toBe(
      'hx-record-amount',
    );
    expect(amountClass(item({ kind: 'option', amount: '0.0000', state: 'refund' }))).toBe(
      'hx-record-amount',
    );
  });

  it('writes a market as its pair', () => {
    expect(pairOf('BTCUSDT')).toBe('BTC/USDT');
  });
});
