import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  snapshotThemes,
  TID,
  messages,
  open,
  registerByApi,
  signIn,
  text,
  type ApiUser,
} from './support.ts';

/**
 * Every page that works on a parameter (`?id=`, `?currency_id=`, `?symbol=`), opened without it,
 * with a malformed one and with one naming nothing: it shows a picker of the valid choices or a
 * "not found" with a way back, never an empty body.
 */
const en = messages('en');
const NOWHERE = '999999';

/** The page's body says something, under a navigation bar with its back arrow. */
async function expectUsefulBody(page: Page) {
  await expect(page.getByTestId(TID.navBack)).toBeVisible();
  await expect
    .poll(async () => (await page.locator('main.hx-page-body').innerText()).trim().length)
    .toBeGreaterThan(10);
}

const RECORD_PAGES = [
  {
    name: 'notice',
    route: '/pages/index/notice/notice',
    title: 'content.notFound',
    back: /#\/pages\/notice\/index$/,
    landed: 'content.notices',
  },
  {
    name: 'help-article',
    route: '/pages/help-center/detail',
    title: 'content.notFound',
    back: /#\/pages\/help-center\/center$/,
    landed: 'content.helpCenter',
  },
  {
    name: 'project',
    route: '/pages/publication/details',
    title: 'missing.project',
    back: /#\/pages\/publication\/index$/,
    landed: 'publication.title',
  },
  {
    name: 'withdrawal',
    route: '/pages/withdraw/detail',
    title: 'withdraw.notFound',
    back: /#\/pages\/assets\/record\?type=withdraw$/,
    landed: 'records.title',
    auth: true,
  },
  {
    name: 'asset-record',
    route: '/pages/assets/recordDetail',
    title: 'records.notFound',
    back: /#\/pages\/assets\/record$/,
    landed: 'records.title',
    auth: true,
  },
  {
    name: 'option-order',
    route: '/pages/option/detail',
    title: 'options.notFound',
    back: /#\/pages\/option\/detail2$/,
    landed: 'options.title',
    auth: true,
  },
] as const;

test.describe('a page about one record', () => {
  let user: ApiUser;
  test.beforeAll(async ({ request }) => {
    user = await registerByApi(request, 'missing-records');
  });

  for (const pageCase of RECORD_PAGES) {
    test(`${pageCase.name}: not found, with a way back to its list`, async ({ page }) => {
      if ('auth' in pageCase) await signIn(page, user);
      for (const query of ['', '?id=abc', `?id=${NOWHERE}`]) {
        await open(page, `${pageCase.route}${query}`);
        const state = page.getByTestId(TID.missing.notFound);
        await expect(state, query).toBeVisible();
        await expect(state).toContainText(text(en, pageCase.title));
        await expect(state).toContainText(text(en, 'missing.hint'));
        await expectUsefulBody(page);
      }
      await page.getByTestId(TID.missing.back).click();
      await expect(page).toHaveURL(pageCase.back);
      await expect(page.locator('.hx-navbar-title')).toContainText(text(en, pageCase.landed));
      await expect(page.getByTestId(TID.missing.notFound)).toHaveCount(0);
    });
  }

  test('the not-found state in both themes', async ({ page }) => {
    await signIn(page, user);
    await open(page, '/pages/option/detail');
    await snapshotThemes(page, 'missing-option-detail', TID.missing.notFound);
    await open(page, `/pages/index/notice/notice?id=${NOWHERE}`);
    await snapshotThemes(page, 'missing-notice', TID.missing.notFound);
  });
});

test.describe('a form or chart that works on a choice', () => {
  let user: ApiUser;
  test.beforeAll(async ({ request }) => {
    user = await registerByApi(request, 'missing-pickers');
  });
  test.beforeEach(async ({ page }) => {
    await signIn(page, user);
  });

  test('deposit voucher: pick the coin, then the network, then the form', async ({ page }) => {
    await open(page, '/pages/deposit/charge');
    const picker = page.getByTestId(TID.missing.picker);
    await expect(picker).toContainText(text(en, 'missing.chooseDepositCoin'));
    await expect(page.getByTestId(TID.missing.note)).toHaveCount(0);
    await expect(page.getByTestId(TID.deposit.amount)).toHaveCount(0);
    await expectUsefulBody(page);
    await snapshotThemes(page, 'missing-deposit-charge', TID.missing.picker);

    // A coin with several networks asks for the network next; back returns to the question.
    await page.getByTestId(TID.missing.choice('USDT')).click();
    await expect(picker).toContainText('On which network did you send USDT?');
    await page.getByTestId(TID.missing.choice('TRC20')).click();
    await expect(page).toHaveURL(/charge\?currency_id=3&network=TRC20$/);
    await expect(page.getByTestId(TID.deposit.amount)).toBeVisible();
    await page.getByTestId(TID.navBack).click();
    await expect(page.getByTestId(TID.missing.choice('OMNI'))).toBeVisible();

    // A coin on one network goes straight to the form.
    await open(page, '/pages/deposit/charge?currency_id=abc');
    await page.getByTestId(TID.missing.choice('BTC')).click();
    await expect(page).toHaveURL(/charge\?currency_id=1&network=OMNI$/);
    await expect(page.getByTestId(TID.deposit.amount)).toBeVisible();

    // A coin or a network that does not exist is said so.
    await open(page, `/pages/deposit/charge?currency_id=${NOWHERE}&network=TRC20`);
    await expect(page.getByTestId(TID.missing.note)).toHaveText(text(en, 'missing.unknownCoin'));
    await expect(page.getByTestId(TID.missing.choice('ETH'))).toBeVisible();
    await open(page, '/pages/deposit/charge?currency_id=3&network=NOPE');
    await expect(page.getByTestId(TID.missing.note)).toHaveText(text(en, 'deposit.unknownNetwork'));
    await expect(page.getByTestId(TID.missing.choice('ERC20'))).toBeVisible();
    await snapshotThemes(page, 'missing-deposit-charge-network', TID.missing.note);
  });

  test('subscription purchase: pick a project open for subscription', async ({ page }) => {
    await open(page, '/pages/publication/purchase');
    await expect(page.getByTestId(TID.missing.picker)).toContainText(
      text(en, 'missing.chooseProject'),
    );
    await expect(page.getByTestId(TID.missing.note)).toHaveCount(0);
    await expectUsefulBody(page);
    await snapshotThemes(page, 'missing-publication-purchase', TID.missing.choice('LUMA'));

    await page.getByTestId(TID.missing.choice('LUMA')).click();
    await expect(page).toHaveURL(/purchase\?id=\d+$/);
    await expect(page.getByTestId(TID.publication.submit)).toBeVisible();
    await expect(page.getByText('Lumen Layer')).toBeVisible();

    await open(page, '/pages/publication/purchase?id=abc');
    await expect(page.getByTestId(TID.missing.choice('LUMA'))).toBeVisible();
    await expect(page.getByTestId(TID.missing.note)).toHaveCount(0);
    await open(page, `/pages/publication/purchase?id=${NOWHERE}`);
    await expect(page.getByTestId(TID.missing.note)).toHaveText(text(en, 'missing.unknownProject'));
    await expect(page.getByTestId(TID.missing.choice('LUMA'))).toBeVisible();
  });

  test('finance purchase: pick a product on sale', async ({ page }) => {
    await open(page, '/pages/finance/buyPage');
    await expect(page.getByTestId(TID.missing.picker)).toContainText(
      text(en, 'missing.chooseProduct'),
    );
    await expectUsefulBody(page);
    await page.getByTestId(TID.finance.product(1)).click();
    await expect(page).toHaveURL(/buyPage\?id=1$/);
    await expect(page.getByTestId(TID.finance.buy.submit)).toBeVisible();

    await open(page, `/pages/finance/buyPage?id=${NOWHERE}`);
    await expect(page.getByTestId(TID.missing.note)).toHaveText('This product is not available');
    await expect(page.getByTestId(TID.finance.product(2))).toBeVisible();
  });

  test('addresses of one coin: pick the coin', async ({ page }) => {
    for (const query of ['', `?currency_id=${NOWHERE}`, '?currency_id=-1']) {
      await open(page, `/pages/user/address/address${query}`);
      await expect(page.getByTestId(TID.missing.picker)).toContainText(
        text(en, 'missing.chooseAddressCoin'),
      );
      await expectUsefulBody(page);
    }
    await expect(page.getByTestId(TID.missing.note)).toHaveCount(0);
    await page.getByTestId(TID.missing.choice('USDT')).click();
    await expect(page).toHaveURL(/address\/address\?currency_id=3$/);
    await expect(page.locator('.hx-navbar-title')).toContainText('USDT');
    await expect(page.getByText(text(en, 'address.empty'))).toBeVisible();
  });
});

test.describe('a market page', () => {
  test('kline: BTCUSDT by default, a pair to pick for one that does not exist', async ({
    page,
  }) => {
    await open(page, '/pages/trade/kline');
    await expect(page.locator('.hx-navbar-title')).toContainText('BTC/USDT');
    await expect(page.getByTestId(TID.kline.chart)).toBeVisible();

    for (const query of ['?symbol=NOPE', '?symbol=%3Cb%3E']) {
      await open(page, `/pages/trade/kline${query}`);
      await expect(page.getByTestId(TID.missing.note)).toHaveText(
        text(en, 'missing.unknownMarket'),
      );
      await expect(page.getByTestId(TID.kline.buy)).toHaveCount(0);
      await expectUsefulBody(page);
    }
    await snapshotThemes(page, 'missing-kline', TID.missing.choice('ETHUSDT'));
    await page.getByTestId(TID.missing.choice('ETHUSDT')).click();
    await expect(page).toHaveURL(/kline\?symbol=ETHUSDT$/);
    await expect(page.locator('.hx-navbar-title')).toContainText('ETH/USDT');
    await expect(page.getByTestId(TID.kline.chart)).toBeVisible();
  });

  test('forex detail: EURUSD by default, a quote to pick for one that does not exist', async ({
    page,
  }) => {
    await open(page, '/pages/foreignExchange/details');
    await expect(page.getByTestId(TID.forex.chart)).toBeVisible();
    await expect(page.locator('.hx-navbar-title')).toContainText('EUR');

    await open(page, '/pages/foreignExchange/details?symbol=NOPE');
    await expect(page.getByTestId(TID.missing.note)).toHaveText(text(en, 'missing.unknownMarket'));
    await expectUsefulBody(page);
    await page.getByTestId(TID.missing.choice('EURUSD')).click();
    await expect(page).toHaveURL(/details\?symbol=EURUSD$/);
    await expect(page.getByTestId(TID.forex.chart)).toBeVisible();
  });

  test('options and spot fall back to a symbol they offer', async ({ page }) => {
    await open(page, '/pages/option/detail2?symbol=NOPE');
    await expect(page.locator('[data-testid^="option-symbol-"][aria-selected="true"]')).toHaveCount(
      1,
    );
    await expect(page.getByTestId(TID.options.price)).not.toHaveText('--');

    await open(page, '/pages/trade/index?symbol=NOPE');
    await expect(page.getByTestId(TID.spot.pair)).toBeVisible();
    await expect(page.getByTestId(TID.spot.pair)).not.toContainText('NOPE');
  });
});

test('the back arrow of a page opened without its parameter leads home', async ({ page }) => {
  await open(page, '/pages/trade/kline?symbol=NOPE');
  await expect(page.getByTestId(TID.missing.picker)).toBeVisible();
  await page.getByTestId(TID.navBack).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
});
