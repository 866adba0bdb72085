import './noEval.ts'; // before anything that may load Zod
import 'antd-mobile/es/global';
import './antdReact19.ts';
import './app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initTheme } from '../features/preferences/theme.ts';
import { loadToast } from '../api/toast.ts';
import { initI18n } from '../i18n/index.ts';
import { afterLoad } from '../lib/afterLoad.ts';
import { Providers } from './Providers.tsx';
import { AppRouter } from './router.tsx';
import { preloadPage } from './routes.ts';
import { queryClient } from './queryClient.ts';
import { configQuery } from '../features/config/configQuery.ts';

/** How long the splash waits for the page's code before the shell shows with its placeholder. */
const PAGE_WAIT_MS = 3000;

initTheme();
// The page's code and the server's settings (which nearly every page reads) are asked for at
// once, beside the language, instead of after the first render.
const page = preloadPage(location.hash);
void queryClient.prefetchQuery(configQuery);
// The browser's first number format loads its locale data (~25 ms on a phone, ~100 ms at 4x):
// done while the page waits for its code and data, not inside the render of the first prices.
const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
idle(() => new Intl.NumberFormat(document.documentElement.lang || 'en').format(1.5));

// The chosen language loads before the first render, so no page flashes in English, and so
// does the page's code: its first render then commits the page itself, not a placeholder that
// React would keep for 300 ms (lazyPage.tsx).
const pageOrTimeout = Promise.race([page, new Promise((done) => setTimeout(done, PAGE_WAIT_MS))]);
void Promise.all([initI18n(), pageOrTimeout]).then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the splash stays until it is done).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
  // Toasts (their code loads on first use anyway) and the service worker (install, offline
  // shell, update prompt; production builds only) wait until the first screen has loaded.
  afterLoad(() => void loadToast(), 500);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterLoad(() => void import('./serviceWorker.ts').then((sw) => sw.startServiceWorker()));
  }
});
