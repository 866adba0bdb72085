import { describe, expect, it } from 'vitest';
import { affectedBy, ANY_NOTIFICATION_AFFECTS, coverKeys, STALE } from './stale.ts';

const has = (keys: readonly (readonly unknown[])[], key: readonly unknown[]) =>
  keys.some((k) => JSON.stringify(k) === JSON.stringify(key));

describe('affectedBy', () => {
  it('refetches what each kind of notification changed', () => {
    expect(has(affectedBy('spot_filled'), ['spot', 'orders'])).toBe(true);
    expect(has(affectedBy('spot_filled'), ['wallet'])).toBe(true);
    // Positions live under 'wallet'.
    expect(has(affectedBy('lever_liquidated'), ['wallet'])).toBe(true);
    expect(has(affectedBy('option_win'), ['options'])).toBe(true);
    expect(has(affectedBy('deposit_credited'), ['wallet'])).toBe(true);
    expect(has(affectedBy('deposit_credited'), ['records'])).toBe(true);
    expect(has(affectedBy('withdrawal_rejected'), ['records'])).toBe(true);
    expect(has(affectedBy('kyc_verified'), ['kyc'])).toBe(true);
    expect(has(affectedBy('kyc_verified'), ['user'])).toBe(true);
    expect(affectedBy('security_login')).toEqual([['user']]);
    expect(affectedBy('unknown')).toEqual([]);
  });

  it('a fired price alert refreshes the alerts page, also after a missed message', () => {
    expect(affectedBy('price_alert')).toEqual([['alerts']]);
    expect(has(ANY_NOTIFICATION_AFFECTS, ['alerts'])).toBe(true);
  });

  it("a bot's run refreshes the bots pages: a purchase (a fill) or a skip, also after a gap", () => {
    expect(has(affectedBy('spot_filled'), ['bots'])).toBe(true);
    expect(has(STALE.orders, ['bots'])).toBe(true);
    expect(affectedBy('bot_run_skipped')).toEqual([['bots']]);
    expect(has(ANY_NOTIFICATION_AFFECTS, ['bots'])).toBe(true);
  });

  it('balances refetch every balance shown', () => {
    expect(has(STALE.balances, ['wallet'])).toBe(true);
    expect(has(STALE.balances, ['options', 'info'])).toBe(true);
  });
});

describe('coverKeys', () => {
  it('drops repeats and keys a shorter one covers', () => {
    expect(
      coverKeys([['wallet'], ['options', 'info'], ['wallet', 'list'], ['options'], ['wallet']]),
    ).toEqual([['wallet'], ['options']]);
    expect(
      coverKeys([
        ['spot', 'orders'],
        ['spot', 'order'],
      ]),
    ).toEqual([
      ['spot', 'orders'],
      ['spot', 'order'],
    ]);
  });
});
