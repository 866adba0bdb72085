import { idParam, symbolParam } from '../../lib/params.ts';
import type { AppNotification, NotificationPage } from './types.ts';

/** What a notification carries to open its page (ids as numbers or strings; the kind may be new). */
export interface Linkable {
  kind: string;
  data: Readonly<Record<string, unknown>> | null | undefined;
}

/** `data` values come from the server as numbers or strings; read them as strictly as links. */
const idOf = (data: Linkable['data'], key: string) => idParam(String(data?.[key] ?? ''));
const symbolOf = (data: Linkable['data']) => symbolParam(String(data?.symbol ?? ''));

/**
 * The page a notification opens, by kind, from its `data`: the order, position or request it is
 * about. Null when there is nothing to open (an unknown kind, or its ids are missing).
 */
export function linkOf({ kind, data }: Linkable): string | null {
  switch (kind) {
    case 'spot_filled': {
      // A filled order is in the history tab of its pair.
      const symbol = symbolOf(data);
      return symbol ? `/pages/trade/index?symbol=${symbol}&tab=history` : null;
    }
    case 'lever_entry_filled':
    case 'lever_stop_loss':
    case 'lever_take_profit':
    case 'lever_liquidated':
    case 'lever_trailing_stop':
    case 'lever_liquidation_warning': {
      const symbol = symbolOf(data);
      const open = kind === 'lever_entry_filled' || kind === 'lever_liquidation_warning';
      const tab = open ? 'holding' : 'closed';
      return `/pages/lever/index?${symbol ? `symbol=${symbol}&` : ''}tab=${tab}`;
    }
    case 'option_win':
    case 'option_lose':
    case 'option_refund':
    case 'option_refund_stale': {
      const id = idOf(data, 'option_order_id');
      return id ? `/pages/option/detail?id=${id}` : null;
    }
    case 'deposit_credited':
    case 'deposit_rejected':
      return '/pages/assets/record?type=deposit';
    case 'withdrawal_passed':
    case 'withdrawal_rejected':
    case 'withdrawal_sent':
    case 'withdrawal_confirmed':
    case 'withdrawal_failed': {
      const id = idOf(data, 'withdrawal_id');
      return id ? `/pages/withdraw/detail?id=${id}` : '/pages/assets/record?type=withdraw';
    }
    case 'kyc_verified':
    case 'kyc_rejected':
      return '/pages/verification/index';
    case 'security_password_changed':
    case 'security_fund_password_changed':
    case 'security_login':
      return '/pages/settings/security/index';
    case 'security_new_device':
    case 'security_device_logged_out':
    case 'security_other_devices_logged_out':
      return '/pages/settings/security/devices';
    case 'security_two_factor_on':
    case 'security_two_factor_off':
      return '/pages/settings/security/authenticator';
    case 'security_anti_phishing_set':
      return '/pages/settings/security/antiPhishing';
    case 'security_whitelist_off_requested':
      return '/pages/settings/security/withdrawProtection';
    case 'security_passkey_added':
    case 'security_passkeys_removed':
      return '/pages/settings/security/passkeys';
    case 'security_api_keys_revoked':
    case 'security_api_key_created':
    case 'security_api_key_deleted':
      return '/pages/settings/security/apiKeys';
    case 'price_alert': {
      // Spot pairs have the kline page; forex and futures their details page.
      const symbol = symbolOf(data);
      if (!symbol) return '/pages/alerts/index';
      return symbol.endsWith('USDT')
        ? `/pages/trade/kline?symbol=${symbol}`
        : `/pages/foreignExchange/details?symbol=${symbol}`;
    }
    case 'bot_run_skipped': {
      // The bot's runs, where the skipped one says why.
      const id = idOf(data, 'bot_id');
      return id ? `/pages/bots/detail?id=${id}` : '/pages/bots/index';
    }
    default:
      return null;
  }
}

/** What the bell's badge says: nothing at 0, the count up to 99, then '99+'. */
export function badgeText(unread: number | undefined): string | null {
  if (!unread || !Number.isFinite(unread) || unread <= 0) return null;
  return unread > 99 ? '99+' : String(Math.floor(unread));
}

/** The fetched pages of the list with `ids` marked read (null: all of them) and the new count. */
export function markedRead<P extends Pick<NotificationPage, 'list' | 'unread'>>(
  pages: P[],
  ids: readonly number[] | null,
  unread: number,
): P[] {
  const hit = (n: AppNotification) => !n.read && (ids === null || ids.includes(n.id));
  return pages.map((page) => ({
    ...page,
    unread,
    list: page.list.some(hit)
      ? page.list.map((n) => (hit(n) ? { ...n, read: true } : n))
      : page.list,
  }));
}

/**
 * Which notification a push is about, in the latest ones fetched after it: the pushed id, else
 * (it scrolled out of the latest page) the newest unread one.
 */
export function pushedOne(
  latest: readonly AppNotification[],
  ids: readonly number[],
): AppNotification | undefined {
  const pushed = latest.filter((n) => ids.includes(n.id));
  if (pushed.length > 0)
    return pushed.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.id > a.id) ? b : a));
  return latest.find((n) => !n.read);
}
