import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './vite.pwa.ts';
import { cssAfterSplash } from './vite.css-after-splash.ts';
import { landingPreload } from './vite.landing-preload.ts';
import { compression } from 'vite-plugin-compression2';
import rootPackage from '../../package.json' with { type: 'json' };

/** The API the dev server forwards to; `HX_API` points it at another local server. */
const api = process.env.HX_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/h5/',
  // Brotli and gzip copies beside each file; the server picks one by Accept-Encoding.
  plugins: [
    react(),
    cssAfterSplash(),
    landingPreload(),
    pwa(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  // antd-mobile resolves its own React otherwise; the app must have exactly one.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2020',
    rolldownOptions: {
      treeshake: {
        // The protocol's zod schemas are built at import time; unused ones may be dropped.
        moduleSideEffects: (id: string) => !/packages[\\/]protocol[\\/]/.test(id),
      },
    },
  },
});
