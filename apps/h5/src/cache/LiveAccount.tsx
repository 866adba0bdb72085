import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { marketSocket } from '../api/socket.ts';
import {
  ACCOUNT_CHANNELS,
  CHANNELS,
  type PrivateChannel,
  type PrivateMessage,
} from './channels.ts';
import { invalidateSoon } from './refresh.ts';

function listen<C extends PrivateChannel>(queryClient: QueryClient, ch: C): () => void {
  const entry = CHANNELS[ch];
  return marketSocket.subscribe<PrivateMessage<C>>(ch, {
    onMessage: (message) => invalidateSoon(queryClient, entry.stale(message)),
    onGap: () => invalidateSoon(queryClient, entry.gap),
  });
}

/**
 * Mounted once in the shell while a user is logged in: listens to the account's private channels
 * (`ACCOUNT_CHANNELS`) and refreshes what each message makes out of date, so every page showing
 * a balance, an order, a position or a KYC state stays live (on a missed message or a reconnect
 * too). Pages subscribe to nothing for it.
 */
export default function LiveAccount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const leave = ACCOUNT_CHANNELS.map((ch) => listen(queryClient, ch));
    return () => {
      for (const off of leave) off();
    };
  }, [queryClient]);
  return null;
}
