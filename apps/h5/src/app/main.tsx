import 'antd-mobile/es/global';
import './antdReact19.ts';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initTheme } from '../features/preferences/theme.ts';
import { loadToast } from '../api/toast.ts';
import { initI18n } from '../i18n/index.ts';
import { Providers } from './Providers.tsx';
import { router } from './router.tsx';

initTheme();

// The chosen language loads before the first render, so no page flashes in English.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // Toasts are not needed for the first paint; fetch their code right after it.
  setTimeout(() => void loadToast(), 0);
});
