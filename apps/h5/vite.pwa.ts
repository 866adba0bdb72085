import { readFile } from 'node:fs/promises';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app: its web manifest and a Workbox service worker (vite-plugin-pwa).
 *
 * - Precached: the shell, i.e. index.html, the scripts and styles it loads, the icons and the
 *   manifest. Page chunks are cached when first loaded (CacheFirst: their names carry a hash).
 * - Never cached: /api and /ws (no route matches them, so they always go to the network, and
 *   nothing is queued or replayed).
 * - A new deployment installs a new worker that waits; the app asks the user to reload
 *   (registerType 'prompt', see src/app/serviceWorker.ts).
 * - Web push: public/push-sw.js, imported by the worker, shows pushed notifications.
 */

/** The app's name before the server's config arrives (the server's APP_NAME default). */
export const APP_NAME = 'Honest Exchange';
/** The light theme's navigation bar and page colours (src/app/app.css). */
const THEME_COLOR = '#ffffff';
const BACKGROUND_COLOR = '#f4f6f9';
/** The runtime cache of hashed assets (src/app/serviceWorker.ts adds the first visit's to it). */
const ASSETS_CACHE = 'hx-assets';

const distDir = new URL('./dist/', import.meta.url);

/** Keeps the assets index.html loads (the first page) and drops the others (pages, languages). */
async function shellOnly<Entry extends { url: string }>(entries: Entry[]) {
  const html = await readFile(new URL('index.html', distDir), 'utf8');
  const manifest = entries.filter(
    (entry) => !entry.url.startsWith('assets/') || html.includes(`/h5/${entry.url}"`),
  );
  return { manifest, warnings: [] };
}

export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered from the app after the first paint, in production builds only.
    injectRegister: false,
    manifest: {
      id: '/h5/',
      name: APP_NAME,
      short_name: 'Honest',
      description: 'Crypto markets, spot trading and wealth products in your pocket.',
      lang: 'en',
      start_url: '/h5/',
      scope: '/h5/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['finance'],
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeAssets: ['icon.svg', 'apple-touch-icon.png'],
    workbox: {
      // Icons and the manifest are added by the plugin (includeAssets, the manifest's icons).
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [shellOnly],
      // Web push: shows what the server pushes, opens the notification centre on a tap.
      importScripts: ['push-sw.js'],
      // The first visit's worker takes the page at once, so the chunks it loads next are kept.
      clientsClaim: true,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/admin\//],
      runtimeCaching: [
        {
          urlPattern: /\/h5\/assets\//,
          handler: 'CacheFirst',
          options: {
            cacheName: ASSETS_CACHE,
            expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}
