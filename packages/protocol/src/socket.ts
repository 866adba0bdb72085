// The live socket `/ws`: its frames and channels (the market's own channel data is in
// market.ts; each private channel's message comes from its domain's file).
import { z } from 'zod';
import type { ChatEvent } from './chat.ts';
import type { LeverPosition } from './lever.ts';
import type { NotificationPush } from './notifications.ts';
import type { OptionOrder } from './options.ts';
import type { SpotOrder } from './spot.ts';

/** Channels that need `{"op":"auth"}` first; each carries only the authenticated user's data. */
export const PRIVATE_CHANNELS = [
  'orders',
  'balances',
  'positions',
  'options',
  'chat',
  'notifications',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];
/**
 * Public channels by prefix: `ticker.<SYMBOL>`, `kline.<SYMBOL>.<period>`, ... A spot pair's
 * ticker and klines are its own trades; `indexTicker.<SYMBOL>` and `indexKline.<SYMBOL>.<period>`
 * are its index (what contracts and options settle on).
 */
export const PUBLIC_CHANNEL_PREFIXES = [
  'ticker',
  'kline',
  'depth',
  'trades',
  'indexTicker',
  'indexKline',
] as const;
export type PublicChannel = 'tickers' | `${(typeof PUBLIC_CHANNEL_PREFIXES)[number]}.${string}`;

export const wsClientFrame = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), ch: z.string().min(1).max(64) }),
  z.object({ op: z.literal('unsub'), ch: z.string().min(1).max(64) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(256) }),
  /** An operator token (support inbox, see chat.ts OPERATOR_CHANNELS). */
  z.object({ op: z.literal('auth_admin'), token: z.string().min(1).max(256) }),
  z.object({ op: z.literal('ping') }),
]);
export type WsClientFrame = z.infer<typeof wsClientFrame>;

/** A message on a channel: `seq` grows by 1 per channel, so a gap means something was skipped. */
export interface WsMessage<T = unknown> {
  ch: string;
  seq: number;
  data: T;
}

/** `balances` says only that the user's balances changed (refetch them): `{}`. */
export type BalancesPush = Record<string, never>;

/** What each private channel's `data` is. */
export interface PrivateChannelMessages {
  /** A spot order as it is now (placed, filled, cancelled, triggered). */
  orders: SpotOrder;
  balances: BalancesPush;
  /** A contract position as it is now (opened, stopped, liquidated, closed). */
  positions: LeverPosition;
  /** An option order as it is now (bought, settled). */
  options: OptionOrder;
  chat: ChatEvent;
  notifications: NotificationPush;
}
