import { z } from 'zod';
import { epochMs, pageFields, pageOf } from './fields.ts';

/**
 * The notification centre (the bell): what happened to the user's money or account. The server
 * keeps each notification's kind and facts and writes its title and body in the reader's
 * language (`lang` header) when it is read.
 */
export const NOTIFICATION_KINDS = [
  'spot_filled',
  'lever_entry_filled',
  'lever_stop_loss',
  'lever_take_profit',
  'lever_liquidated',
  'lever_trailing_stop',
  'lever_liquidation_warning',
  'option_win',
  'option_lose',
  'option_refund',
  // Refunded because no fresh index price came before OPTION_STALE_REFUND_S passed.
  'option_refund_stale',
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_passed',
  'withdrawal_rejected',
  // A payout on chain: sent with its transaction, confirmed, or failed (back under review).
  'withdrawal_sent',
  'withdrawal_confirmed',
  'withdrawal_failed',
  'kyc_verified',
  'kyc_rejected',
  'security_password_changed',
  'security_fund_password_changed',
  'security_login',
  'security_new_device',
  'security_passkey_added',
  'security_api_keys_revoked',
  'security_passkeys_removed',
  'price_alert',
  // Changes to what protects the account, told in the bell and by mail (issue 35).
  'security_two_factor_on',
  'security_two_factor_off',
  'security_anti_phishing_set',
  'security_whitelist_off_requested',
  'security_api_key_created',
  'security_api_key_deleted',
  'security_device_logged_out',
  'security_other_devices_logged_out',
  // A recurring buy's period that bought nothing, and why.
  'bot_run_skipped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationKind = z.enum(NOTIFICATION_KINDS);

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

export const notificationItem = z.object({
  id: z.number().int(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  at: epochMs,
  read: z.boolean(),
  data: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe(
      'what the app needs to open the related page: {order_id, symbol}, {position_id, symbol}, ' +
        '{option_order_id, symbol}, {deposit_id, currency_id}, {deposit_id}, {withdrawal_id}, {level}, {alert_id, symbol}, or {}',
    ),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationList = pageOf(notificationItem).extend({
  unread: z.number().int().describe("the user's unread notifications, all pages"),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationListQuery = z.object(pageFields);

export const NOTIFICATION_READ_MAX_IDS = 100;

/**
 * Ids as one comma-separated field (`3,4`), repeated fields or a JSON array; absent or empty
 * means all of the user's. Anything else is VALIDATION on `ids`.
 */
const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    const parts = Array.isArray(v) ? v : String(v).split(',');
    return parts.map((p) => String(p).trim()).filter((p) => p !== '');
  },
  z
    .array(z.string())
    .max(NOTIFICATION_READ_MAX_IDS)
    .refine((ids) => ids.every((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647))
    .transform((ids) => [...new Set(ids.map(Number))]),
);

export const notificationReadBody = z.object({ ids: idList });

export const notificationReadResult = z.object({ unread: z.number().int() });

/** The private socket channel `notifications`: sent after the outcome's transaction committed. */
export const notificationPush = z.object({
  id: z.number().int(),
  kind: notificationKind,
  unread: z.number().int(),
});
export type NotificationPush = z.infer<typeof notificationPush>;
