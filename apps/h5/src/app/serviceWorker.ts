/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from './appUpdate.ts';

/**
 * Registers the service worker (vite.pwa.ts). Loaded after the first paint, in production builds
 * only. A new deployment's worker waits until the user accepts the update prompt.
 */

/** The runtime cache of hashed assets, named in vite.pwa.ts. */
const ASSETS_CACHE = 'hx-assets';
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * The first visit loaded its page and language chunks before the worker existed; keep them too,
 * so the app opens offline on the page it was last on.
 */
async function keepLoadedAssets(): Promise<void> {
  await navigator.serviceWorker.ready;
  const cache = await caches.open(ASSETS_CACHE);
  const base = `${location.origin}/h5/assets/`;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(base));
  for (const url of new Set(loaded)) {
    if (await caches.match(url)) continue;
    await cache.add(url).catch(() => {});
  }
}

export function startServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh: () =>
      appUpdate.offer(() => {
        // Reload once the new worker has taken over (the plugin's own reload skips a page that
        // was not controlled when it registered, e.g. the first visit).
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
          once: true,
        });
        void update();
      }),
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // An app left open for days still hears of new versions.
      setInterval(() => void registration.update(), UPDATE_CHECK_MS);
      // A page's code missing on the server means a new version was deployed: look for it.
      window.addEventListener('vite:preloadError', () => void registration.update());
      void keepLoadedAssets().catch(() => {});
    },
  });
}
