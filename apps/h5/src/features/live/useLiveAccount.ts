import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../api/useChannel.ts';
import { useSession } from '../session/store.ts';
import type { NotificationPush } from '../notifications/types.ts';
import {
  affectedBy,
  ANY_NOTIFICATION_AFFECTS,
  CHANNEL_AFFECTS,
  type LiveChannel,
} from './affects.ts';
import { invalidateSoon } from './invalidate.ts';

/**
 * Keeps a page's balances, orders, positions and KYC state live: while logged in it listens to
 * the given private channels and refetches what each message makes out of date (on a missed
 * message or a reconnect too). A page names the channels of what it shows, e.g.
 * `useLiveAccount('balances', 'notifications')`.
 */
export function useLiveAccount(...channels: LiveChannel[]): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const on = (ch: LiveChannel) => (session && channels.includes(ch) ? ch : null);
  const refetch = (ch: Exclude<LiveChannel, 'notifications'>) => () =>
    invalidateSoon(queryClient, CHANNEL_AFFECTS[ch]);
  useChannel<unknown>(on('balances'), refetch('balances'), refetch('balances'));
  useChannel<unknown>(on('orders'), refetch('orders'), refetch('orders'));
  useChannel<unknown>(on('positions'), refetch('positions'), refetch('positions'));
  useChannel<unknown>(on('options'), refetch('options'), refetch('options'));
  useChannel<NotificationPush | null>(
    on('notifications'),
    (push) => invalidateSoon(queryClient, affectedBy(String(push?.kind ?? ''))),
    () => invalidateSoon(queryClient, ANY_NOTIFICATION_AFFECTS),
  );
}
