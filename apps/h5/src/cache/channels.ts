import type { QueryKey } from '@tanstack/react-query';
import type { PrivateChannel, PrivateChannelMessages } from '@hx/protocol';
import { queryKeys } from './queryKeys.ts';
import { affectedBy, ANY_NOTIFICATION_AFFECTS, STALE } from './stale.ts';

export type { PrivateChannel } from '@hx/protocol';
export type PrivateMessage<C extends PrivateChannel> = PrivateChannelMessages[C];

export interface ChannelEntry<C extends PrivateChannel> {
  /**
   * Listened to by the shell (`LiveAccount.tsx`) for as long as a user is logged in; otherwise
   * only while a feature shows it (`usePrivateChannel`).
   */
  always: boolean;
  /** What a message makes out of date. */
  stale: (message: PrivateMessage<C>) => readonly QueryKey[];
  /** What a missed message (or a reconnect) makes out of date. */
  gap: readonly QueryKey[];
}

const each = <C extends PrivateChannel>(keys: readonly QueryKey[]): ChannelEntry<C> => ({
  always: true,
  stale: () => keys,
  gap: keys,
});

/**
 * Every private channel of the live socket (contracts `PRIVATE_CHANNELS`): its message type
 * (contracts `PrivateChannelMessages`) and the React Query keys it refreshes. A new private
 * channel is added to both in contracts and gets its entry here.
 */
export const CHANNELS: { readonly [C in PrivateChannel]: ChannelEntry<C> } = {
  balances: each(STALE.balances),
  orders: each(STALE.orders),
  positions: each(STALE.positions),
  options: each(STALE.options),
  notifications: {
    always: true,
    // The bell's count comes with the push (LiveNotifications); the list and what its kind
    // changed are fetched again.
    stale: (push) =>
      typeof push?.id === 'number'
        ? [queryKeys.notificationLists, ...affectedBy(String(push.kind))]
        : [],
    gap: [queryKeys.notifications, ...ANY_NOTIFICATION_AFFECTS],
  },
  // Only while the chat or the menu's unread badge is shown: a listener there means the user
  // has the message (the server marks it delivered).
  chat: {
    always: false,
    stale: (event) =>
      event.type === 'receipt' || event.message.sender === 'operator'
        ? [queryKeys.chatUnreadCounts]
        : [],
    gap: [queryKeys.chatUnreadCounts],
  },
};

/** The channels the shell listens to while a user is logged in. */
export const ACCOUNT_CHANNELS = (Object.keys(CHANNELS) as PrivateChannel[]).filter(
  (ch) => CHANNELS[ch].always,
);
