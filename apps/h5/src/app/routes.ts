import type { ComponentType } from 'react';
import { pageStrings, storedLocale } from '../i18n/index.ts';
import { sessionStore } from '../api/session-store.ts';
import { LOGIN_PATH } from '../lib/redirect.ts';
import { loadPage } from './lazyPage.tsx';

export type TabKey = 'home' | 'trade' | 'option' | 'finance' | 'assets';
type PageModule = Promise<{ default: ComponentType }>;

export interface PageRoute {
  path: string;
  load: () => PageModule;
  /** Needs a session: a visitor goes to login and comes back. */
  auth?: boolean;
  tab?: TabKey;
}

/**
 * A page for visitors only (login, register): a logged-in user landing on it is sent on. The
 * guard loads with the page, so the first page's code does not carry it.
 */
const forVisitors = (load: () => PageModule) => (): PageModule =>
  Promise.all([load(), import('./GuestOnly.tsx')]).then(([page, { guestOnly }]) => ({
    default: guestOnly(page.default),
  }));

/**
 * Every built page, by its hash route (spec/routes.md). Pages load when first opened. The routes
 * keep the spec's seed paths; the folders under src/pages are named by domain
 * (docs/architecture.md has the table), so a page's file is the one its `import` names.
 */
export const PAGES: readonly PageRoute[] = [
  { path: '/pages/index/index', tab: 'home', load: () => import('../pages/home/index/index.tsx') },
  {
    path: '/pages/trade/index',
    tab: 'trade',
    load: () => import('../pages/trade/index/index.tsx'),
  },
  {
    path: '/pages/option/detail2',
    tab: 'option',
    load: () => import('../pages/options/trade/index.tsx'),
  },
  {
    path: '/pages/template/index',
    tab: 'finance',
    load: () => import('../pages/finance/tab/index.tsx'),
  },
  {
    path: '/pages/assets/index',
    tab: 'assets',
    load: () => import('../pages/assets/index/index.tsx'),
  },
  {
    path: '/pages/user/login/login',
    load: forVisitors(() => import('../pages/auth/login/index.tsx')),
  },
  {
    path: '/pages/user/login/register',
    load: forVisitors(() => import('../pages/auth/register/index.tsx')),
  },
  {
    path: '/pages/user/login/choose',
    load: forVisitors(() => import('../pages/auth/choose/index.tsx')),
  },
  {
    path: '/pages/user/login/forgetPassword',
    load: () => import('../pages/auth/forgot-password/index.tsx'),
  },
  { path: '/pages/settings/index', load: () => import('../pages/settings/index/index.tsx') },
  {
    path: '/pages/settings/language/language',
    load: () => import('../pages/settings/language/index.tsx'),
  },
  {
    path: '/pages/settings/account/index',
    auth: true,
    load: () => import('../pages/settings/account/index.tsx'),
  },
  {
    path: '/pages/settings/security/index',
    auth: true,
    load: () => import('../pages/settings/security/index/index.tsx'),
  },
  {
    path: '/pages/settings/security/changePassword',
    auth: true,
    load: () => import('../pages/settings/security/change-password/index.tsx'),
  },
  {
    path: '/pages/settings/security/authenticator',
    auth: true,
    load: () => import('../pages/settings/security/authenticator/index.tsx'),
  },
  {
    path: '/pages/settings/about/index',
    load: () => import('../pages/settings/about/index.tsx'),
  },
  {
    path: '/pages/settings/pricing/index',
    load: () => import('../pages/settings/pricing/index.tsx'),
  },
  {
    path: '/pages/settings/push/index',
    auth: true,
    load: () => import('../pages/settings/push/index.tsx'),
  },
  {
    path: '/pages/promotion/index',
    auth: true,
    load: () => import('../pages/referral/index/index.tsx'),
  },
  {
    path: '/pages/help-center/chat',
    auth: true,
    load: () => import('../pages/help/chat/index.tsx'),
  },
  { path: '/pages/trade/kline', load: () => import('../pages/trade/kline/index.tsx') },
  // Tab 2 holds both derivatives: options (its own path) and perpetual contracts.
  {
    path: '/pages/lever/index',
    auth: true,
    tab: 'option',
    load: () => import('../pages/lever/index/index.tsx'),
  },
  {
    path: '/pages/foreignExchange/index',
    load: () => import('../pages/quotes/index/index.tsx'),
  },
  {
    path: '/pages/foreignExchange/details',
    load: () => import('../pages/quotes/details/index.tsx'),
  },
  // Identity and money: every page needs a session.
  {
    path: '/pages/assets/tradeAccount',
    auth: true,
    load: () => import('../pages/assets/trade-account/index.tsx'),
  },
  {
    path: '/pages/assets/record',
    auth: true,
    load: () => import('../pages/assets/record/index.tsx'),
  },
  {
    path: '/pages/assets/recordDetail',
    auth: true,
    load: () => import('../pages/assets/record-detail/index.tsx'),
  },
  // Public: the published roots; verifying a balance asks for a session there.
  { path: '/pages/assets/proof', load: () => import('../pages/assets/proof/index.tsx') },
  {
    path: '/pages/transfer/index',
    auth: true,
    load: () => import('../pages/transfer/index/index.tsx'),
  },
  {
    path: '/pages/transfer/record',
    auth: true,
    load: () => import('../pages/transfer/record/index.tsx'),
  },
  {
    path: '/pages/transfer/conversion',
    auth: true,
    load: () => import('../pages/transfer/conversion/index.tsx'),
  },
  {
    path: '/pages/deposit/index',
    auth: true,
    load: () => import('../pages/deposit/index/index.tsx'),
  },
  {
    path: '/pages/deposit/charge',
    auth: true,
    load: () => import('../pages/deposit/charge/index.tsx'),
  },
  {
    path: '/pages/withdraw/index',
    auth: true,
    load: () => import('../pages/withdraw/index/index.tsx'),
  },
  {
    path: '/pages/withdraw/detail',
    auth: true,
    load: () => import('../pages/withdraw/detail/index.tsx'),
  },
  {
    path: '/pages/withdraw/bank/bank',
    auth: true,
    load: () => import('../pages/withdraw/bank/index.tsx'),
  },
  {
    path: '/pages/user/address/index',
    auth: true,
    load: () => import('../pages/addresses/index/index.tsx'),
  },
  {
    path: '/pages/user/address/address',
    auth: true,
    load: () => import('../pages/addresses/coin/index.tsx'),
  },
  {
    path: '/pages/user/address/create',
    auth: true,
    load: () => import('../pages/addresses/create/index.tsx'),
  },
  {
    path: '/pages/verification/index',
    auth: true,
    load: () => import('../pages/kyc/index/index.tsx'),
  },
  {
    path: '/pages/option/detail',
    auth: true,
    load: () => import('../pages/options/order/index.tsx'),
  },
  {
    path: '/pages/verification/basic',
    auth: true,
    load: () => import('../pages/kyc/basic/index.tsx'),
  },
  {
    path: '/pages/verification/advanced',
    auth: true,
    load: () => import('../pages/kyc/advanced/index.tsx'),
  },
  {
    path: '/pages/settings/security/passkeys',
    auth: true,
    load: () => import('../pages/settings/security/passkeys/index.tsx'),
  },
  {
    path: '/pages/settings/security/devices',
    auth: true,
    load: () => import('../pages/settings/security/devices/index.tsx'),
  },
  {
    path: '/pages/settings/security/apiKeys',
    auth: true,
    load: () => import('../pages/settings/security/api-keys/index.tsx'),
  },
  {
    path: '/pages/settings/security/changePayPassword',
    auth: true,
    load: () => import('../pages/settings/security/change-pay-password/index.tsx'),
  },
  {
    path: '/pages/settings/security/withdrawProtection',
    auth: true,
    load: () => import('../pages/settings/security/withdraw-protection/index.tsx'),
  },
  {
    path: '/pages/settings/security/antiPhishing',
    auth: true,
    load: () => import('../pages/settings/security/anti-phishing/index.tsx'),
  },
  {
    path: '/pages/bankbind/index',
    auth: true,
    load: () => import('../pages/bank-cards/index/index.tsx'),
  },
  {
    path: '/pages/bankbind/addbank',
    auth: true,
    load: () => import('../pages/bank-cards/add/index.tsx'),
  },
  // Wealth: products and rules are public; buying and orders need a session.
  { path: '/pages/finance/index', load: () => import('../pages/finance/products/index.tsx') },
  {
    path: '/pages/finance/buyPage',
    auth: true,
    load: () => import('../pages/finance/buy/index.tsx'),
  },
  {
    path: '/pages/finance/ordersPage',
    auth: true,
    load: () => import('../pages/finance/orders/index.tsx'),
  },
  { path: '/pages/finance/rulePage', load: () => import('../pages/finance/rules/index.tsx') },
  {
    path: '/pages/publication/index',
    load: () => import('../pages/subscription/index/index.tsx'),
  },
  {
    path: '/pages/publication/details',
    load: () => import('../pages/subscription/details/index.tsx'),
  },
  {
    path: '/pages/publication/purchase',
    auth: true,
    load: () => import('../pages/subscription/purchase/index.tsx'),
  },
  {
    path: '/pages/publication/records',
    auth: true,
    load: () => import('../pages/subscription/records/index.tsx'),
  },
  {
    path: '/pages/notifications/index',
    auth: true,
    load: () => import('../pages/notifications/index/index.tsx'),
  },
  {
    path: '/pages/alerts/index',
    auth: true,
    load: () => import('../pages/alerts/index/index.tsx'),
  },
  // Bots: recurring buys (list, a new one, one bot's runs).
  {
    path: '/pages/bots/index',
    auth: true,
    load: () => import('../pages/bots/index/index.tsx'),
  },
  {
    path: '/pages/bots/recurring',
    auth: true,
    load: () => import('../pages/bots/recurring/index.tsx'),
  },
  {
    path: '/pages/bots/detail',
    auth: true,
    load: () => import('../pages/bots/detail/index.tsx'),
  },
  // Content and support: notices and help are public; feedback needs a session.
  { path: '/pages/notice/index', load: () => import('../pages/notice/index/index.tsx') },
  {
    path: '/pages/index/notice/notice',
    load: () => import('../pages/home/notice/index.tsx'),
  },
  {
    path: '/pages/help-center/center',
    load: () => import('../pages/help/center/index.tsx'),
  },
  // The spec's second route of the help centre: the same page.
  {
    path: '/pages/help/center/center',
    load: () => import('../pages/help/center/index.tsx'),
  },
  {
    path: '/pages/help-center/detail',
    load: () => import('../pages/help/article/index.tsx'),
  },
  {
    path: '/pages/help-center/feedback',
    auth: true,
    load: () => import('../pages/help/feedback/index.tsx'),
  },
  {
    path: '/pages/help-center/contact',
    load: () => import('../pages/help/contact/index.tsx'),
  },
];

export const HOME = '/pages/index/index';

const byPath = new Map(PAGES.map((page) => [page.path, page]));

/** '/' is home too. */
export function pagePath(pathname: string): string {
  return pathname === '/' || pathname === '' ? HOME : pathname;
}

export function pageOf(pathname: string): PageRoute | undefined {
  return byPath.get(pagePath(pathname));
}

/**
 * Whether the page behind `to` (a path, maybe with a query) is built. Menus show the others
 * disabled; adding a page above turns its entries on everywhere.
 */
export function isBuilt(to: string): boolean {
  return byPath.has(pagePath(to.split('?')[0] ?? ''));
}

/**
 * Starts fetching the code of the page the address opens (login, for a visitor at a page that
 * needs a session), so it loads beside the language instead of after the first render; resolves
 * when it is in (or has failed), and the page then renders without suspending (lazyPage.tsx).
 */
export function preloadPage(hash: string): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  let page = pageOf(path);
  if (page?.auth && !sessionStore.token()) page = pageOf(LOGIN_PATH);
  if (page) return loadPage(page.load);
  if (storedLocale() === 'en') void pageStrings().catch(() => undefined);
  return Promise.resolve();
}
