import type { QueryClient } from '@tanstack/react-query';
import { storage, STORAGE_KEYS } from '../../lib/storage.ts';

const KEPT = new Set<string>(Object.values(STORAGE_KEYS));

/**
 * Forgets cached server data and locally stored leftovers, keeping the session, the language and
 * the theme. Pages on screen fetch their data again.
 */
export async function clearCache(queryClient: QueryClient): Promise<void> {
  for (const key of storage.keys()) {
    if (!KEPT.has(key)) storage.remove(key);
  }
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries({ type: 'active' });
}
