import type { QueryClient } from '@tanstack/react-query';
import { storage, STORAGE_KEYS } from '../../lib/storage.ts';

const KEPT = new Set<string>(Object.values(STORAGE_KEYS));
/** Preferences kept per user ('hx.pricing', 'hx.pricing.<user id>') are settings, not cache. */
const isPreference = (key: string) => key === 'hx.pricing' || key.startsWith('hx.pricing.');

/** The service worker's cache of pages' code loaded so far (vite.pwa.ts); the shell is kept. */
const ASSETS_CACHE = 'hx-assets';

/**
 * Forgets cached server data, locally stored leftovers and, when online, the pages' code kept
 * for offline use (offline it is all there is, so it stays), keeping the session, the language,
 * the theme and the pricing currency. Pages on screen fetch their data again.
 */
export async function clearCache(queryClient: QueryClient): Promise<void> {
  for (const key of storage.keys()) {
    if (!KEPT.has(key) && !isPreference(key)) storage.remove(key);
  }
  if (typeof caches !== 'undefined' && globalThis.navigator?.onLine !== false) {
    await caches.delete(ASSETS_CACHE).catch(() => false);
  }
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries({ type: 'active' });
}
