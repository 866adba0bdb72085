import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** The API the dev server forwards to; `HX_API` points it at another local server. */
const api = process.env.HX_API ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: api, changeOrigin: true },
  '/ws': { target: api, ws: true, changeOrigin: true },
};

/** The operator console, served by the server at /admin/ (desktop; no bundle budget). */
export default defineConfig({
  base: '/admin/',
  // Brotli and gzip copies beside each file; the server picks one by Accept-Encoding.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { port: 5174, proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: {
        // The protocol's zod schemas are built at import time; unused ones may be dropped.
        moduleSideEffects: (id: string) => !/packages[\\/]protocol[\\/]/.test(id),
      },
    },
  },
});
