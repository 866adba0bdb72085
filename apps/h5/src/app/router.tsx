import { useEffect } from 'react';
import { HashRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../api/http.ts';
import { loginPath, LOGIN_PATH } from '../lib/redirect.ts';
import { AppShell } from './AppShell.tsx';
import { lazyPage } from './lazyPage.tsx';
import { RequireSession } from './RequireSession.tsx';
import { BuiltPages } from '../features/navigation/builtPages.ts';
import { HOME, isBuilt, PAGES, pageOf } from './routes.ts';

const NotFound = lazyPage(() => import('../pages/NotFound.tsx'));
const pageElements = PAGES.map((page) => {
  const Page = lazyPage(page.load);
  return {
    path: page.path,
    element: page.auth ? (
      <RequireSession>
        <Page />
      </RequireSession>
    ) : (
      <Page />
    ),
  };
});
const homeElement = pageElements.find((route) => route.path === HOME)?.element;

function Unauthenticated() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      if (pathname.startsWith(LOGIN_PATH.replace(/login$/, '')) || pageOf(pathname)?.auth) return;
      void navigate(loginPath(pathname + search));
    });
  }, [navigate, pathname, search]);
  return null;
}

export function AppRouter() {
  return (
    <HashRouter>
      <Unauthenticated />
      <BuiltPages value={isBuilt}>
        <Routes>
          <Route element={<AppShell />}>
            <Route index element={homeElement} />
            {pageElements.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BuiltPages>
    </HashRouter>
  );
}
