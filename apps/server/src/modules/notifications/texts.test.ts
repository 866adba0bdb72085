import { describe, expect, it } from 'vitest';
import { LOCALES, NOTIFICATION_KINDS, type NotificationKind } from '@hx/protocol';
import type { Facts, NotificationFacts } from './notify.ts';
import { deviceOf, formatNumber, render } from './render.ts';
import { NOTIFICATION_TEXTS, WORDS } from './texts.ts';

const payout = {
  withdrawal_id: 6,
  amount: '100',
  coin: 'USDT',
  network: 'TRC20',
  tx_hash: 'ab'.repeat(32),
};

/** Facts of every kind, as the outcomes store them. */
const SAMPLES: { [K in NotificationKind]: NotificationFacts[K] } = {
  spot_filled: {
    order_id: 7,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'buy',
    amount: '0.20000',
    base: 'BTC',
    price: '60000.00',
    quote: 'USDT',
  },
  lever_entry_filled: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'long',
    price: '64000.00',
    lots: 2,
    multiple: 10,
  },
  lever_stop_loss: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'short',
    stop: '70100.00',
    price: '70100.50',
    profit: '-101.2000',
    coin: 'USDT',
  },
  lever_take_profit: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'long',
    stop: '66500.00',
    price: '66600.00',
    profit: '31.8700',
    coin: 'USDT',
  },
  lever_liquidated: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'long',
    price: '60000.00',
    margin: '6.8007',
    coin: 'USDT',
  },
  lever_trailing_stop: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'long',
    stop: '66400.00',
    price: '66390.00',
    profit: '27.7700',
    coin: 'USDT',
  },
  lever_liquidation_warning: {
    position_id: 3,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    side: 'long',
    price: '61000.00',
    liquidation: '59805.98',
  },
  option_win: {
    option_order_id: 9,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    type: 'call',
    amount: '10.0000',
    coin: 'USDT',
    open_price: '65000.00',
    close_price: '65010.55',
    payout: '18.0000',
  },
  option_lose: {
    option_order_id: 9,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    type: 'put',
    amount: '10.0000',
    coin: 'USDT',
    open_price: '65000.00',
    close_price: '65010.55',
    payout: '0.0000',
  },
  option_refund: {
    option_order_id: 9,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    type: 'even',
    amount: '10.0000',
    coin: 'USDT',
    open_price: '65000.00',
    close_price: '65000.00',
    payout: '10.0000',
  },
  option_refund_stale: {
    option_order_id: 9,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    type: 'call',
    amount: '10.0000',
    coin: 'USDT',
    open_price: '65000.00',
    payout: '10.0000',
    minutes: 5,
  },
  deposit_credited: {
    deposit_id: 4,
    currency_id: 3,
    amount: '1234.5000',
    coin: 'USDT',
    network: 'TRC20',
  },
  deposit_rejected: { deposit_id: 4, amount: '12.0000', coin: 'USDT', reason: 'No transfer found' },
  withdrawal_passed: {
    withdrawal_id: 5,
    amount: '50.0000',
    coin: 'USDT',
    network: 'TRC20',
    address: 'TXyz',
    sending: 'withdrawal_by_hand',
  },
  withdrawal_rejected: { withdrawal_id: 5, amount: '50.0000', coin: 'USDT', reason: 'Blocked' },
  withdrawal_sent: { ...payout, tx_hash: null },
  withdrawal_confirmed: payout,
  withdrawal_failed: payout,
  kyc_verified: { level: 'basic' },
  kyc_rejected: { level: 'advanced', reason: 'Photo unreadable' },
  security_password_changed: {},
  security_fund_password_changed: {},
  security_login: { ip: '203.0.113.9', device: 'Chrome · Windows' },
  security_new_device: { ip: '203.0.113.9', device: 'Chrome · Windows' },
  security_passkey_added: { name: 'My phone' },
  security_api_keys_revoked: { count: 2 },
  security_passkeys_removed: { count: 2 },
  price_alert: {
    alert_id: 2,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    condition: 'above',
    price: '70000.00',
    percent: null,
    target: '70000.00',
    fired_price: '70012.50',
  },
  security_two_factor_on: {},
  security_two_factor_off: {},
  security_anti_phishing_set: {},
  security_whitelist_off_requested: { off_at: '2026-12-08 09:30 UTC' },
  security_api_key_created: { label: 'Grid bot' },
  security_api_key_deleted: { label: 'Grid bot' },
  security_device_logged_out: { ip: '203.0.113.9', device: 'Chrome · Windows' },
  security_other_devices_logged_out: { count: 3 },
  bot_run_skipped: {
    bot_id: 4,
    symbol: 'BTCUSDT',
    name: 'BTC/USDT',
    amount: '1000',
    coin: 'USDT',
    why: 'INSUFFICIENT_BALANCE',
  },
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('notification texts', () => {
  it.each(NOTIFICATION_KINDS.flatMap((kind) => LOCALES.map((lang) => [kind, lang] as const)))(
    '%s has a title and a body in %s, with the facts English uses',
    (kind, lang) => {
      const text = NOTIFICATION_TEXTS[kind]?.[lang];
      expect(text?.title.trim()).toBeTruthy();
      expect(text?.body.trim()).toBeTruthy();
      const en = NOTIFICATION_TEXTS[kind].en;
      expect(placeholders(text!.title)).toEqual(placeholders(en.title));
      expect(placeholders(text!.body)).toEqual(placeholders(en.body));
      // Not English left untranslated (a few words are the same everywhere: none of these).
      if (lang !== 'en') expect(text!.body).not.toBe(en.body);
      const facts = SAMPLES[kind] as Facts;
      for (const key of placeholders(en.body)) expect(Object.keys(facts)).toContain(key);
      const { title, body } = render(kind, facts, lang);
      expect(`${title} ${body}`).not.toMatch(/[{}]|undefined|null|NaN/);
    },
  );

  it('has every coded word in every language', () => {
    for (const [word, texts] of Object.entries(WORDS))
      for (const lang of LOCALES) expect(texts[lang], `${word} in ${lang}`).toBeTruthy();
  });

  it('writes amounts and prices as the reader reads them, and words in their language', () => {
    expect(render('deposit_credited', SAMPLES.deposit_credited, 'en').body).toBe(
      '1,234.5000 USDT (TRC20) has been credited to your spot account.',
    );
    expect(formatNumber('1234567.5', 'esp')).toBe('1.234.567,5');
    expect(formatNumber('1234567.5', 'zh')).toBe('1,234,567.5');
    expect(render('lever_stop_loss', SAMPLES.lever_stop_loss, 'en').body).toBe(
      'Your short position on BTC/USDT hit its stop loss (70,100.00) and closed at the recorded ' +
        'price 70,100.50. P&L: -101.2000 USDT.',
    );
    expect(render('lever_take_profit', SAMPLES.lever_take_profit, 'en').body).toContain(
      'P&L: +31.8700 USDT.',
    );
    expect(render('spot_filled', SAMPLES.spot_filled, 'zh').body).toBe(
      '您在 BTC/USDT 的买入订单已全部成交：0.20000 BTC，成交均价 60,000.00 USDT。',
    );
    expect(render('kyc_rejected', { level: 'advanced', reason: 'Blurry photo.' }, 'en').body).toBe(
      'Your advanced verification was not approved: Blurry photo. You can submit it again.',
    );
    expect(render('security_login', { ip: '1.2.3.4', device: null }, 'jp').body).toContain(
      '不明なデバイス（IP 1.2.3.4）',
    );
  });

  it('tells a fired price alert with its level or its percent', () => {
    expect(render('price_alert', SAMPLES.price_alert, 'en').body).toBe(
      'BTC/USDT is at or above 70,000.00. Recorded price: 70,012.50.',
    );
    const move = { ...SAMPLES.price_alert, condition: 'move', price: null, percent: '5.5' };
    expect(render('price_alert', { ...move, target: '5.5%' }, 'esp').body).toBe(
      'BTC/USDT se ha movido en 24 h al menos un 5,5%. Precio registrado: 70.012,50.',
    );
  });

  it("tells a skipped recurring buy's reason as the app would say it", () => {
    expect(render('bot_run_skipped', SAMPLES.bot_run_skipped, 'en').body).toBe(
      'This period’s buy of 1,000 USDT was not made: Insufficient balance. The next one runs as planned.',
    );
    const paused = { ...SAMPLES.bot_run_skipped, why: 'BOT_PAUSED' as const };
    expect(render('bot_run_skipped', paused, 'zh').body).toContain('平台已暂停此交易对的机器人');
  });

  it('names the device of a login from its user agent', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge · Windows');
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf(undefined)).toBeNull();
  });
});
