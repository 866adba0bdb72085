import { lazy } from 'react';

// The quotes and the menu have code (and data) of their own: they load once the page's text
// has painted, so a slow phone shows the page first (see components/AfterPaint.tsx).
export const MarketList = lazy(() =>
  import('../../features/market/MarketList.tsx').then((m) => ({ default: m.MarketList })),
);
export const SideMenu = lazy(() =>
  import('../../features/menu/SideMenu.tsx').then((m) => ({ default: m.SideMenu })),
);
