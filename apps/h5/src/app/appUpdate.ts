import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is installed and waiting: `offer` is called by the service worker's
 * registration with the way to switch to it; the update prompt reads `useAppUpdate`.
 */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

function changed(next: (() => void) | null): void {
  apply = next;
  for (const listener of listeners) listener();
}

export const appUpdate = {
  offer(reload: () => void): void {
    changed(reload);
  },
  /** Switches to the waiting version; the page reloads when it has taken over. */
  reload(): void {
    apply?.();
  },
  /** Not now: asked again on the next start (the new version stays waiting until then). */
  dismiss(): void {
    changed(null);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppUpdate(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => apply !== null,
    () => false,
  );
}
