import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from './notifications.ts';
import { PUSH_KINDS, pushKindOf, pushSubscribeBody } from './push.ts';

describe('kinds of event', () => {
  it('groups every notification kind, new ones by their prefix', () => {
    const groups = Object.fromEntries(PUSH_KINDS.map((k) => [k, [] as string[]]));
    for (const kind of NOTIFICATION_KINDS) groups[pushKindOf(kind)]!.push(kind);
    expect(groups.alerts).toEqual(['price_alert']);
    expect(groups.orders).toEqual(
      expect.arrayContaining(['spot_filled', 'lever_stop_loss', 'lever_liquidated']),
    );
    expect(groups.options).toEqual([
      'option_win',
      'option_lose',
      'option_refund',
      'option_refund_stale',
    ]);
    // A bot's run is an order of the user's.
    expect(pushKindOf('bot_run_skipped')).toBe('orders');
    expect(groups.funds).toEqual(
      expect.arrayContaining(['deposit_credited', 'withdrawal_rejected']),
    );
    expect(groups.account).toEqual(expect.arrayContaining(['kyc_verified', 'security_login']));
    // Kinds other work adds later land where their prefix says.
    expect(pushKindOf('lever_trailing_stop')).toBe('orders');
    expect(pushKindOf('lever_liquidation_warning')).toBe('orders');
    expect(pushKindOf('spot_stop_triggered')).toBe('orders');
    expect(pushKindOf('something_new')).toBe('account');
  });
});

describe('a subscription', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  it('is taken as JSON or as form fields', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(pushSubscribeBody.parse({ endpoint, keys })).toEqual({ endpoint, keys });
    expect(
      pushSubscribeBody.parse({ endpoint, 'keys[p256dh]': keys.p256dh, 'keys[auth]': keys.auth }),
    ).toEqual({ endpoint, keys });
  });

  it('needs an https endpoint (http only on 127.0.0.1) and keys of the right sizes', () => {
    const codes = (body: unknown) => [
      ...new Set(pushSubscribeBody.safeParse(body).error?.issues.map((i) => i.message)),
    ];
    expect(codes({ endpoint: 'http://127.0.0.1:9/x', keys })).toEqual([]);
    for (const endpoint of [
      'http://example.com/x',
      'ftp://x/y',
      'https://a:b@x/y',
      'x'.repeat(3000),
    ])
      expect(codes({ endpoint, keys }), endpoint).toEqual(['PUSH_ENDPOINT_INVALID']);
    expect(codes({ endpoint: 'https://x/y', keys: { ...keys, auth: 'AAAA' } })).toEqual([
      'PUSH_KEYS_INVALID',
    ]);
  });
});
