import { useEffect, useRef, useSyncExternalStore } from 'react';
import { marketSocket, type SocketStatus } from './socket.ts';

/**
 * Listens to a channel of the live socket while the component is mounted (`ch` null: nothing).
 * `onMessage` and `onGap` may change on every render without resubscribing.
 */
export function useChannel<T>(
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
