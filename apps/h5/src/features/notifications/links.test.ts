import { describe, expect, it } from 'vitest';
import { badgeText, linkOf, markedRead, pushedOne } from './links.ts';
import type { AppNotification } from './types.ts';

const note = (id: number, over: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'deposit_credited',
  title: `t${id}`,
  body: '',
  at: id * 1000,
  read: false,
  data: {},
  ...over,
});

describe('linkOf', () => {
  it('opens the page of what each kind is about', () => {
    expect(linkOf({ kind: 'spot_filled', data: { order_id: 7, symbol: 'ethusdt' } })).toBe(
      '/pages/trade/index?symbol=ETHUSDT&tab=history',
    );
    expect(
      linkOf({ kind: 'lever_entry_filled', data: { position_id: 3, symbol: 'BTCUSDT' } }),
    ).toBe('/pages/lever/index?symbol=BTCUSDT&tab=holding');
    for (const kind of [
      'lever_stop_loss',
      'lever_take_profit',
      'lever_liquidated',
      'lever_trailing_stop',
    ])
      expect(linkOf({ kind, data: { position_id: 3, symbol: 'BTCUSDT' } })).toBe(
        '/pages/lever/index?symbol=BTCUSDT&tab=closed',
      );
    expect(
      linkOf({ kind: 'lever_liquidation_warning', data: { position_id: 3, symbol: 'BTCUSDT' } }),
    ).toBe('/pages/lever/index?symbol=BTCUSDT&tab=holding');
    for (const kind of ['option_win', 'option_lose', 'option_refund', 'option_refund_stale'])
      expect(linkOf({ kind, data: { option_order_id: '12', symbol: 'BTCUSDT' } })).toBe(
        '/pages/option/detail?id=12',
      );
    expect(linkOf({ kind: 'deposit_credited', data: { deposit_id: 4, currency_id: 3 } })).toBe(
      '/pages/assets/record?type=deposit',
    );
    expect(linkOf({ kind: 'deposit_rejected', data: { deposit_id: 4 } })).toBe(
      '/pages/assets/record?type=deposit',
    );
    expect(linkOf({ kind: 'withdrawal_passed', data: { withdrawal_id: 9 } })).toBe(
      '/pages/withdraw/detail?id=9',
    );
    expect(linkOf({ kind: 'kyc_rejected', data: { level: 'advanced' } })).toBe(
      '/pages/verification/index',
    );
    for (const kind of [
      'security_password_changed',
      'security_fund_password_changed',
      'security_login',
    ])
      expect(linkOf({ kind, data: {} })).toBe('/pages/settings/security/index');
    expect(linkOf({ kind: 'security_new_device', data: {} })).toBe(
      '/pages/settings/security/devices',
    );
    expect(linkOf({ kind: 'security_passkey_added', data: {} })).toBe(
      '/pages/settings/security/passkeys',
    );
    expect(linkOf({ kind: 'security_api_keys_revoked', data: {} })).toBe(
      '/pages/settings/security/apiKeys',
    );
    const securityChanges: [string, string][] = [
      ['security_two_factor_on', 'authenticator'],
      ['security_two_factor_off', 'authenticator'],
      ['security_anti_phishing_set', 'antiPhishing'],
      ['security_whitelist_off_requested', 'withdrawProtection'],
      ['security_api_key_created', 'apiKeys'],
      ['security_api_key_deleted', 'apiKeys'],
      ['security_device_logged_out', 'devices'],
      ['security_other_devices_logged_out', 'devices'],
    ];
    for (const [kind, page] of securityChanges)
      expect(linkOf({ kind, data: {} })).toBe(`/pages/settings/security/${page}`);
    expect(linkOf({ kind: 'price_alert', data: { alert_id: 2, symbol: 'btcusdt' } })).toBe(
      '/pages/trade/kline?symbol=BTCUSDT',
    );
    expect(linkOf({ kind: 'price_alert', data: { alert_id: 2, symbol: 'XAUUSD' } })).toBe(
      '/pages/foreignExchange/details?symbol=XAUUSD',
    );
    expect(linkOf({ kind: 'bot_run_skipped', data: { bot_id: 4, symbol: 'BTCUSDT' } })).toBe(
      '/pages/bots/detail?id=4',
    );
  });

  it('opens nothing, or the list, when the ids are missing or malformed', () => {
    expect(linkOf({ kind: 'spot_filled', data: { order_id: 7 } })).toBeNull();
    expect(linkOf({ kind: 'option_win', data: { option_order_id: 'x' } })).toBeNull();
    expect(linkOf({ kind: 'option_win', data: null })).toBeNull();
    expect(linkOf({ kind: 'bot_run_skipped', data: { bot_id: 'x' } })).toBe('/pages/bots/index');
    expect(linkOf({ kind: 'withdrawal_rejected', data: { withdrawal_id: -1 } })).toBe(
      '/pages/assets/record?type=withdraw',
    );
    expect(linkOf({ kind: 'lever_liquidated', data: { symbol: 'no good!' } })).toBe(
      '/pages/lever/index?tab=closed',
    );
    expect(linkOf({ kind: 'something_new', data: { id: 1 } })).toBeNull();
  });
});

describe('badgeText', () => {
  it('shows nothing at zero and caps at 99+', () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-2)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('markedRead', () => {
  const pages = [
    { page: 1, total: 3, unread: 2, list: [note(3), note(2, { read: true })] },
    { page: 2, total: 3, unread: 2, list: [note(1)] },
  ];

  it('marks the given ones read and takes the new count', () => {
    const out = markedRead(pages, [3], 1);
    expect(out.map((p) => p.list.map((n) => n.read))).toEqual([[true, true], [false]]);
    expect(out.every((p) => p.unread === 1)).toBe(true);
    // A page with nothing to change keeps its list.
    expect(out[1]!.list).toBe(pages[1]!.list);
    expect(pages[0]!.list[0]!.read).toBe(false);
  });

  it('marks all with null', () => {
    const out = markedRead(pages, null, 0);
    expect(out.flatMap((p) => p.list).every((n) => n.read)).toBe(true);
  });
});

describe('pushedOne', () => {
  it('finds the pushed one, the newest if several, else the newest unread', () => {
    const latest = [note(5), note(4), note(3, { read: true })];
    expect(pushedOne(latest, [4])?.id).toBe(4);
    expect(pushedOne(latest, [4, 5])?.id).toBe(5);
    expect(pushedOne(latest, [99])?.id).toBe(5);
    expect(pushedOne([note(1, { read: true })], [99])).toBeUndefined();
  });
});
