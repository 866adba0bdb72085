import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCache } from './clearCache.ts';

/** A browser's CacheStorage holding the named caches. */
function cacheStorage(names: string[]) {
  const held = new Set(names);
  return { held, delete: async (name: string) => held.delete(name) };
}

describe('clearCache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('empties the pages’ code kept for offline use, and keeps the shell', async () => {
    const caches = cacheStorage(['hx-assets', 'workbox-precache-v2']);
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('navigator', { onLine: true });
    await clearCache(new QueryClient());
    expect([...caches.held]).toEqual(['workbox-precache-v2']);
  });

  it('keeps it offline, where it is all the app has', async () => {
    const caches = cacheStorage(['hx-assets']);
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('navigator', { onLine: false });
    await clearCache(new QueryClient());
    expect([...caches.held]).toEqual(['hx-assets']);
  });
});
