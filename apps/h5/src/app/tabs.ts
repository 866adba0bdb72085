import type { ComponentType } from 'react';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import type { TabKey } from './routes.ts';

export interface Tab {
  key: TabKey;
  path: string;
  label: 'tabs.home' | 'tabs.trade' | 'tabs.option' | 'tabs.finance' | 'tabs.assets';
  Icon: ComponentType<{ className?: string }>;
}

/**
 * The five tabs of the spec, in order. Tab 2 ("Derivatives") holds perpetual contracts and
 * options, a switch at the top of both pages away; it opens on perpetual contracts, as exchanges
 * do, for a logged-in user (the contracts page needs an account), on options for a visitor.
 */
export const TABS: readonly Tab[] = [
  { key: 'home', path: '/pages/index/index', label: 'tabs.home', Icon: AppOutline },
  { key: 'trade', path: '/pages/trade/index', label: 'tabs.trade', Icon: HistogramOutline },
  { key: 'option', path: '/pages/option/detail2', label: 'tabs.option', Icon: ClockCircleOutline },
  { key: 'finance', path: '/pages/template/index', label: 'tabs.finance', Icon: PieOutline },
  { key: 'assets', path: '/pages/assets/index', label: 'tabs.assets', Icon: BillOutline },
];

/** Where a tab opens for a logged-in user, when not its `path`. */
export const SIGNED_IN_PATHS: Partial<Record<TabKey, string>> = { option: '/pages/lever/index' };
