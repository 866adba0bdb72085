import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded (its code, styles and first chunks), so work the first
 * screen does not need (toasts, the service worker, the shell's notices) does not take bandwidth
 * or the main thread from it.
 */
export function afterLoad(task: () => void, delayMs = 0): void {
  const run = () => setTimeout(task, delayMs);
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

/** Whether the page has loaded (see afterLoad): false on the first render of a cold start. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (!loaded) afterLoad(() => setLoaded(true));
  }, [loaded]);
  return loaded;
}
