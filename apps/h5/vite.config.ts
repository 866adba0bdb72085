import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './vite.pwa.ts';
import { cssAfterSplash } from './vite.css-after-splash.ts';
import { landingPreload } from './vite.landing-preload.ts';
import { homeFirstScreen } from './vite.home-first-screen.ts';
import { assetsFirstScreen } from './vite.assets-first-screen.ts';
import { firstPageDeps } from './vite.first-page-deps.ts';
import { compression } from 'vite-plugin-compression2';
import rootPackage from '../../package.json' with { type: 'json' };

/**
 * antd-mobile's config provider starts on its Chinese texts, which put zh-CN into the first page;
 * the app sets its own before anything renders (i18n/index.ts), so its default is English, which
 * the first page carries anyway. Chinese still loads when chosen.
 */
const antdDefaultLocale: Plugin = {
  name: 'hx-antd-default-locale',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === '../../locales/zh-CN' &&
      /config-provider[\\/]config-provider\.js$/.test(importer ?? '')
    )
      return this.resolve('antd-mobile/es/locales/en-US', importer, { skipSelf: true });
    return null;
  },
};

/** The API the dev server forwards to; `HX_API` points it at another local server. */
const api = process.env.HX_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/h5/',
  // Brotli and gzip copies beside each file; the server picks one by Accept-Encoding.
  plugins: [
    react(),
    antdDefaultLocale,
    cssAfterSplash(),
    landingPreload(),
    homeFirstScreen(),
    assetsFirstScreen(),
    firstPageDeps(),
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
