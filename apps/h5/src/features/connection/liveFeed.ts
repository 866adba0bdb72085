import { useSyncExternalStore } from 'react';
import { marketSocket, type SocketStatus } from '../../api/socket.ts';

/** What the feed needs of the socket manager. */
export interface StatusSource {
  readonly status: SocketStatus;
  onStatus(listener: () => void): () => void;
}

/** How long a dropped socket may take to come back, and a first one to open, before telling. */
export const DROP_GRACE_MS = 1_000;
export const FIRST_CONNECT_GRACE_MS = 4_000;

/**
 * Whether the user should be told prices are not live: after an open socket dropped (and did not
 * come back within a second), or when a first connection has not opened within a few seconds.
 * Never while no page listens (the socket is idle) nor during an ordinary first connect.
 */
export class LiveFeed {
  lost = false;
  private wasOpen = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly source: StatusSource) {
    source.onStatus(() => this.update());
    this.update();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(): void {
    const status = this.source.status;
    if (status === 'open' || status === 'idle') {
      this.wasOpen = status === 'open';
      clearTimeout(this.timer);
      this.timer = undefined;
      this.set(false);
      return;
    }
    if (this.lost || this.timer !== undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.set(true);
      },
      this.wasOpen ? DROP_GRACE_MS : FIRST_CONNECT_GRACE_MS,
    );
  }

  private set(lost: boolean): void {
    if (this.lost === lost) return;
    this.lost = lost;
    for (const listener of this.listeners) listener();
  }
}

export const liveFeed = new LiveFeed(marketSocket);

/** True while prices shown may be old because the live socket is down. */
export function useLiveFeedLost(): boolean {
  return useSyncExternalStore(
    (listener) => liveFeed.subscribe(listener),
    () => liveFeed.lost,
    () => false,
  );
}
