import { z } from 'zod';

/**
 * Web push to the installed app. A browser subscribes with the server's VAPID key and posts its
 * subscription; every notification of the centre is then pushed to the user's subscriptions when
 * the switch of its kind of event (a group of notification kinds) is on. Switches default to on.
 */
export const PUSH_KINDS = ['orders', 'alerts', 'options', 'funds', 'account'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Notification kinds by prefix; a kind with none of these prefixes is an account event. */
const PUSH_KIND_PREFIXES: readonly [string, PushKind][] = [
  ['spot_', 'orders'],
  ['lever_', 'orders'],
  ['bot_', 'orders'],
  ['price_alert', 'alerts'],
  ['alert_', 'alerts'],
  ['option_', 'options'],
  ['deposit_', 'funds'],
  ['withdrawal_', 'funds'],
  ['transfer_', 'funds'],
];

/** The kind of event a notification kind belongs to (its push switch). */
export function pushKindOf(notificationKind: string): PushKind {
  return (
    PUSH_KIND_PREFIXES.find(([prefix]) => notificationKind.startsWith(prefix))?.[1] ?? 'account'
  );
}

/** Where a click on a push opens the app: the notification centre. */
export const PUSH_OPEN_PATH = '/h5/#/pages/notifications/index';

export const pushKey = z.object({
  public_key: z
    .string()
    .describe("the server's VAPID public key (base64url, applicationServerKey)"),
});
export type PushKey = z.infer<typeof pushKey>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Bytes of a base64url text (padding ignored). */
const bytesOf = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4);

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A push service's URL: https, or http on 127.0.0.1 (tests; the server refuses it in production). */
export const pushEndpoint = z.preprocess(
  trimmed,
  z
    .string({ error: 'PUSH_ENDPOINT_INVALID' })
    .max(2048, { error: 'PUSH_ENDPOINT_INVALID' })
    .refine(
      (v) => {
        if (!URL.canParse(v)) return false;
        const url = new URL(v);
        if (url.username || url.password || url.hash) return false;
        return (
          url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === '127.0.0.1')
        );
      },
      { error: 'PUSH_ENDPOINT_INVALID' },
    ),
);

const keyText = (bytes: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: 'PUSH_KEYS_INVALID' })
      .max(200, { error: 'PUSH_KEYS_INVALID' })
      .regex(BASE64URL, { error: 'PUSH_KEYS_INVALID' })
      .refine((v) => bytesOf(v) === bytes, { error: 'PUSH_KEYS_INVALID' }),
  );

/**
 * A PushSubscription as `toJSON()` gives it: `{endpoint, keys: {p256dh, auth}}` in a JSON body,
 * or the form fields `endpoint`, `keys[p256dh]`, `keys[auth]`. `p256dh` is the browser's P-256
 * public key (65 bytes, uncompressed), `auth` its 16-byte secret, both base64url.
 */
export const pushSubscribeBody = z.preprocess(
  (v) => {
    if (typeof v !== 'object' || v === null) return v;
    const body = v as Record<string, unknown>;
    const keys = typeof body.keys === 'object' && body.keys !== null ? body.keys : {};
    return {
      endpoint: body.endpoint,
      keys: {
        p256dh: body['keys[p256dh]'] ?? (keys as Record<string, unknown>).p256dh,
        auth: body['keys[auth]'] ?? (keys as Record<string, unknown>).auth,
      },
    };
  },
  z.object({
    endpoint: pushEndpoint,
    keys: z.object({ p256dh: keyText(65), auth: keyText(16) }),
  }),
);
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint });

export const pushPreference = z.object({
  kind: z.enum(PUSH_KINDS),
  push: z.boolean(),
});
export type PushPreference = z.infer<typeof pushPreference>;

export const pushPreferences = z.object({
  list: z.array(pushPreference).describe('one switch per kind of event, in a fixed order'),
  devices: z.number().int().describe('subscriptions (browsers) of the user the server keeps'),
  this_device: z
    .boolean()
    .describe('the `endpoint` asked about is subscribed for you (false when none was given)'),
});
export type PushPreferences = z.infer<typeof pushPreferences>;

/** `endpoint`, optional: the asking browser's, to learn whether it is subscribed for you. */
const askingEndpoint = z.preprocess((v) => (v === '' ? undefined : v), pushEndpoint.optional());

export const pushPreferencesQuery = z.object({ endpoint: askingEndpoint });

export const pushPreferenceBody = z.object({
  endpoint: askingEndpoint,
  kind: z.enum(PUSH_KINDS, { error: 'PUSH_KIND_INVALID' }),
  push: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' ? false : v,
    z.boolean(),
  ),
});

/** What the service worker receives (encrypted): shown as the notification. */
export const pushMessage = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushMessage = z.infer<typeof pushMessage>;
