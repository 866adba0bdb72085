import { useQueryClient } from '@tanstack/react-query';
import { useSocketChannel } from '../api/useChannel.ts';
import { useSession } from '../api/session-store.ts';
import { CHANNELS, type PrivateChannel, type PrivateMessage } from './channels.ts';
import { invalidateSoon } from './refresh.ts';

/**
 * Listens to a private channel while the component is mounted and a user is logged in, for a
 * feature that needs the messages themselves (a toast, a chat thread). The cached data a message
 * makes out of date is refreshed once either way: by the shell for the channels it always
 * listens to, here for the others.
 */
export function usePrivateChannel<C extends PrivateChannel>(
  ch: C,
  onMessage?: (message: PrivateMessage<C>, seq: number) => void,
  onGap?: () => void,
): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const entry = CHANNELS[ch];
  useSocketChannel<PrivateMessage<C>>(
    session ? ch : null,
    (message, seq) => {
      if (!entry.always) invalidateSoon(queryClient, entry.stale(message));
      onMessage?.(message, seq);
    },
    () => {
      if (!entry.always) invalidateSoon(queryClient, entry.gap);
      onGap?.();
    },
  );
}
