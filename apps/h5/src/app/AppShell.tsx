import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useSession } from '../api/session-store.ts';
import { usePageLoaded } from '../lib/afterLoad.ts';
import { pageOf, pagePath } from './routes.ts';
import { TabBar } from './TabBar.tsx';

// The connection banner and update prompt are not needed for the first screen: they load once it
// has (and if their code cannot be fetched, the app goes on without them).
const ShellNotices = lazy((): Promise<{ default: ComponentType }> =>
  import('./ShellNotices.tsx').catch(() => ({ default: () => null })),
);

// The logged-in user's live data (src/cache): fetched with the first page, not after it, so a
// page's balances and orders are live from the start; kept out of the entry.
const LiveAccount = lazy((): Promise<{ default: ComponentType }> =>
  import('../cache/LiveAccount.tsx').catch(() => ({ default: () => null })),
);

type Motion = '' | 'push' | 'pop';

/**
 * The frame around every page: pages slide in from the right when opened and settle back from
 * the left on return; the tab bar shows on tab pages.
 */
export function AppShell() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const path = pagePath(location.pathname);
  const tab = pageOf(path)?.tab;
  const loaded = usePageLoaded();
  const session = useSession();

  // The motion is decided once per change of page, not on every render (first paint: none).
  const [shown, setShown] = useState<{ path: string; motion: Motion }>({ path, motion: '' });
  if (shown.path !== path) {
    const motion: Motion =
      navigationType === 'PUSH' ? 'push' : navigationType === 'POP' && !tab ? 'pop' : '';
    setShown({ path, motion });
  }
  const motion = shown.path === path ? shown.motion : '';

  return (
    <div className={tab ? 'hx-app hx-app--tabbed' : 'hx-app'}>
      <div key={path} className={motion ? `hx-page hx-page--${motion}` : 'hx-page'}>
        <Outlet />
      </div>
      {tab && <TabBar active={tab} />}
      {session && (
        <Suspense fallback={null}>
          <LiveAccount />
        </Suspense>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <ShellNotices />
        </Suspense>
      )}
    </div>
  );
}
