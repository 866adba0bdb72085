import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { TID, open, registerByApi, signIn, snapshot, type ApiUser } from './support.ts';

/**
 * What axe checks: WCAG 2.1 A and AA (contrast, names, labels, alt texts, aria-*, zoom), plus the
 * rules Lighthouse's accessibility score adds that those tags leave out, so a pass here predicts
 * its score: touch targets of at least 24 px (WCAG 2.2), headings that do not skip a level, one
 * main landmark and a few more. Nothing is excluded: the charts are canvases, which axe does not
 * read.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const LIGHTHOUSE_RULES = [
  'target-size',
  'heading-order',
  'empty-heading',
  'landmark-one-main',
  'aria-allowed-role',
  'aria-dialog-name',
  'aria-text',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'label-content-name-mismatch',
  'link-in-text-block',
  'skip-link',
  'tabindex',
  'table-duplicate-name',
];
const EXTRA_RULES = Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }]));

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

/** Every violation as one readable line per element, so a failure says what to fix. */
async function violations(page: Page, only?: string[]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (only) axe.withRules(only);
  else axe.options({ rules: EXTRA_RULES }).withTags(TAGS);
  const { violations } = await axe.analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]}`),
  );
}

/** Opens a route in a theme chosen before the first paint, as a returning user would see it. */
async function openIn(page: Page, theme: Theme, route: string) {
  await page.addInitScript((value) => localStorage.setItem('hx.theme', value), theme);
  await open(page, route);
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', theme);
}

/** The page chunk is in, toasts and transitions are done: what axe sees is what stays. */
async function settled(page: Page) {
  await expect(page.locator('.hx-placeholder[aria-busy]')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

const price = /\d/;

/** The pages Lighthouse measures, each with what shows that its live data is there. */
const MEASURED: {
  name: string;
  route: string;
  signedIn?: boolean;
  live: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'home',
    route: '/pages/index/index',
    live: async (page) => {
      // Often a worker's first page: a cold browser beside a new server still writing its
      // history took 16 s to run the app's code in CI.
      await expect(page.getByTestId(TID.market.price('BTCUSDT'))).toHaveText(price, {
        timeout: 30_000,
      });
      await expect(page.getByTestId(TID.home.banner)).toBeVisible();
    },
  },
  {
    name: 'trade',
    route: '/pages/trade/index?symbol=BTCUSDT',
    live: async (page) => {
      await expect(page.getByTestId(TID.spot.ask(0))).toHaveAttribute('data-price', price, {
        timeout: 45_000,
      });
      await expect(page.getByTestId(TID.spot.bid(0))).toHaveAttribute('data-price', price);
      await expect(page.getByTestId(TID.spot.last)).toHaveText(price);
    },
  },
  {
    name: 'kline',
    route: '/pages/trade/kline?symbol=BTCUSDT',
    live: async (page) => {
      await expect(page.getByTestId(TID.kline.chart)).toHaveAttribute('data-state', 'ready', {
        timeout: 15_000,
      });
      await expect(page.getByTestId(TID.kline.price)).toHaveText(price);
    },
  },
  {
    name: 'assets',
    route: '/pages/assets/index',
    signedIn: true,
    live: async (page) => {
      await expect(page.getByTestId(TID.assets.total)).toHaveText(price);
      await expect(page.getByTestId(TID.assets.card('currency'))).toBeVisible();
    },
  },
];

const tid = (id: string) => `[data-testid="${id}"]`;

/** More pages a newcomer reaches in the first minutes (`ready`: what shows they are loaded). */
const OTHERS: { name: string; route: string; signedIn?: boolean; ready: string }[] = [
  { name: 'login', route: '/pages/user/login/login', ready: tid(TID.login.submit) },
  {
    name: 'deposit',
    route: '/pages/deposit/index',
    signedIn: true,
    ready: tid(TID.deposit.address),
  },
  {
    name: 'withdraw',
    route: '/pages/withdraw/index',
    signedIn: true,
    ready: tid(TID.withdraw.coin),
  },
  { name: 'finance', route: '/pages/template/index', ready: tid(TID.finance.allProducts) },
  {
    name: 'finance products',
    route: '/pages/finance/index',
    ready: '[data-testid^="finance-product-buy-"]',
  },
  { name: 'options', route: '/pages/option/detail2', ready: tid(TID.options.price) },
];

let user: ApiUser;
test.beforeAll(async ({ request }) => {
  user = await registerByApi(request, 'a11y');
});

for (const theme of THEMES) {
  for (const target of MEASURED) {
    test(`${target.name} passes axe in the ${theme} theme`, async ({ page }) => {
      if (target.signedIn) await signIn(page, user);
      await openIn(page, theme, target.route);
      await target.live(page);
      await settled(page);
      expect(await violations(page)).toEqual([]);
      await snapshot(page, `a11y-${target.name}`);
      if (target.name === 'home') {
        await page.getByTestId(TID.market.row('BTCUSDT')).scrollIntoViewIfNeeded();
        await snapshot(page, 'a11y-home-market');
      }
    });
  }

  for (const target of OTHERS) {
    test(`${target.name} has readable contrast in the ${theme} theme`, async ({ page }) => {
      if (target.signedIn) await signIn(page, user);
      await openIn(page, theme, target.route);
      await expect(page.locator(target.ready).first()).toBeVisible({ timeout: 15_000 });
      await settled(page);
      expect(await violations(page, ['color-contrast'])).toEqual([]);
      await snapshot(page, `a11y-${target.name.replace(' ', '-')}`);
    });
  }
}
