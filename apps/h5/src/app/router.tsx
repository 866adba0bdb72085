import { createHashRouter } from 'react-router';
import { setUnauthenticatedHandler } from '../api/http.ts';
import { loginPath, LOGIN_PATH } from '../lib/redirect.ts';
import { AppShell } from './AppShell.tsx';
import { lazyPage } from './lazyPage.tsx';
import { RequireSession } from './RequireSession.tsx';
import { HOME, PAGES, pageOf } from './routes.ts';

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

export const router = createHashRouter([
  {
    element: <AppShell />,
    children: [
      { index: true, element: homeElement },
      ...pageElements,
      { path: '*', element: <NotFound /> },
    ],
  },
]);

// A 401 on a public page opens login and comes back; on a page that needs a session its guard
// does that as soon as the session is cleared.
setUnauthenticatedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname.startsWith(LOGIN_PATH.replace(/login$/, '')) || pageOf(pathname)?.auth) return;
  void router.navigate(loginPath(pathname + search));
});
