import { useEffect, useState } from 'react';
import { isPagePainted, markPagePainted, whenPagePainted } from './firstPaint.ts';

/** A page that never paints (its code failed) must not hold the rest back for ever. */
const PAINT_WAIT_MS = 10_000;

/**
 * Runs `task` once the document has loaded and the first page has painted (lib/firstPaint.ts),
 * so work the first screen does not need (toasts, the service worker, the shell's notices) does
 * not take bandwidth or the main thread from it.
 */
export function afterLoad(task: () => void, delayMs = 0): void {
  const run = () => {
    const fallback = setTimeout(markPagePainted, PAINT_WAIT_MS);
    whenPagePainted(() => {
      clearTimeout(fallback);
      setTimeout(task, delayMs);
    });
  };
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

/** Whether the page has loaded and painted (see afterLoad): false on a cold start's first render. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete' && isPagePainted());
  useEffect(() => {
    if (!loaded) afterLoad(() => setLoaded(true));
  }, [loaded]);
  return loaded;
}
