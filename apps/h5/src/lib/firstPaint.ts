import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the first page of a cold start has painted. Work that screen does not need (toasts,
 * the service worker, the shell's notices, a page's lists and carousels) waits for it, so on a
 * slow phone it does not take bandwidth or the main thread from the page's first text.
 */
let painted = false;
const listeners = new Set<() => void>();

export function isPagePainted(): boolean {
  return painted;
}

/** Called a frame after the first page commits (lazyPage); later calls do nothing. */
export function markPagePainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of [...listeners]) listener();
}

/** For useSyncExternalStore: `listener` runs once the page has painted. */
export function subscribePagePainted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `task` once the page has painted (at once if it has). */
export function whenPagePainted(task: () => void): void {
  if (painted) {
    task();
    return;
  }
  const once = () => {
    listeners.delete(once);
    task();
  };
  listeners.add(once);
}

/**
 * False until the first page of a cold start has painted, then true. The switch renders as a
 * transition (a store's update would render at once, in one task): what waited for the paint
 * (lists, carousels, their code's preloads) renders in slices that let the browser in.
 */
export function usePagePainted(): boolean {
  const [value, setValue] = useState(painted);
  useEffect(() => {
    if (value) return;
    const show = () => startTransition(() => setValue(true));
    if (painted) {
      show();
      return;
    }
    return subscribePagePainted(show);
  }, [value]);
  return value;
}
