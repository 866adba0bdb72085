import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate } from 'react-router';
import { Spin } from 'antd';
import { Shell } from './components/Shell.tsx';
import type { Screen } from './roles.ts';

const page = (load: () => Promise<{ default: () => ReactNode }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Spin style={{ margin: 48 }} />}>
      <Page />
    </Suspense>
  );
};

const screens: [Screen, string, () => Promise<{ default: () => ReactNode }>][] = [
  ['dashboard', 'dashboard', () => import('./pages/Dashboard.tsx')],
  ['deposits', 'deposits', () => import('./pages/Deposits.tsx')],
  ['withdrawals', 'withdrawals', () => import('./pages/Withdrawals.tsx')],
  ['chain', 'chain', () => import('./pages/Chain.tsx')],
  ['alerts', 'alerts', () => import('./pages/Alerts.tsx')],
  ['kyc', 'kyc', () => import('./pages/Kyc.tsx')],
  ['subscriptions', 'subscriptions', () => import('./pages/Subscriptions.tsx')],
  ['users', 'users', () => import('./pages/Users.tsx')],
  ['chat', 'chat', () => import('./pages/Chat.tsx')],
  ['feedback', 'feedback', () => import('./pages/Feedback.tsx')],
  ['notices', 'notices', () => import('./pages/Notices.tsx')],
  ['help', 'help', () => import('./pages/Help.tsx')],
  ['banners', 'banners', () => import('./pages/Banners.tsx')],
  ['outbox', 'outbox', () => import('./pages/Outbox.tsx')],
  ['config', 'config', () => import('./pages/Config.tsx')],
  ['maker', 'maker', () => import('./pages/Maker.tsx')],
  ['bots', 'bots', () => import('./pages/Bots.tsx')],
  ['operators', 'operators', () => import('./pages/Operators.tsx')],
  ['audit', 'audit', () => import('./pages/Audit.tsx')],
  ['security', 'security', () => import('./pages/Security.tsx')],
];

/** Hash routes (/admin/#/deposits): the server serves one static index.html. */
export const router = createHashRouter([
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...screens.map(([screen, path, load]) => ({
        path,
        handle: { screen },
        element: page(load),
      })),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
