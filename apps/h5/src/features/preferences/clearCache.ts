import type { QueryClient } from '@tanstack/react-query';
import { storage, STORAGE_KEYS } from '../../lib/storage.ts';

const KEPT = new Set<string>(Object.values(STORAGE_KEYS));
/** Preferences kept per user ('hx.pricing', 'hx.pricing.<user id>') are settings, not cache. */
const isPreference = (key: string) => key === 'hx.pricing' || key.startsWith('hx.pricing.');

/**
 * Forgets cached server data and locally stored leftovers, keeping the session, the language,
 * the theme and the pricing currency. Pages on screen fetch their data again.
 */
export async function clearCache(queryClient: QueryClient): Promise<void> {
  for (const key of storage.keys()) {
    if (!KEPT.has(key) && !isPreference(key)) storage.remove(key);
  }
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries({ type: 'active' });
}
