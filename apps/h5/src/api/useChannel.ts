import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { PublicChannel } from '@hx/protocol';
import { marketSocket, type SocketStatus } from './socket.ts';

/**
 * Listens to a public channel of the live socket (prices, books, trades, bars) while the
 * component is mounted (`ch` null: nothing). The private channels (orders, balances, chat...)
 * go through the data layer: `src/cache/usePrivateChannel.ts`, typed by channel.
 */
export function useChannel<T>(
  ch: PublicChannel | null,
  onMessage: (data: T, seq: number) => void,
  onGap?: () => void,
): void {
  useSocketChannel(ch, onMessage, onGap);
}

/**
 * Listens to any channel while the component is mounted (`ch` null: nothing); for `useChannel`
 * and the data layer. `onMessage` and `onGap` may change on every render without resubscribing.
 */
export function useSocketChannel<T>(
  ch: string | null,
  onMessage: (data: T, seq: number) => void,
  onGap?: () => void,
): void {
  const handlers = useRef({ onMessage, onGap });
  useEffect(() => {
    handlers.current = { onMessage, onGap };
  });
  useEffect(() => {
    if (!ch) return;
    return marketSocket.subscribe<T>(ch, {
      onMessage: (data, seq) => handlers.current.onMessage(data, seq),
      onGap: () => handlers.current.onGap?.(),
    });
  }, [ch]);
}

/** Whether the socket is open (pages poll instead while it is not). */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => marketSocket.onStatus(listener),
    () => marketSocket.status,
    () => marketSocket.status,
  );
}
