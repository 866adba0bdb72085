import { expect, test } from '@playwright/test';
import { ERRORS } from '../packages/contracts/src/errors.ts';
import {
  TID,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  logIn,
  depositUsdt,
} from './support.ts';

const en = messages('en');

test('a user subscribes to a new coin and sees the subscription under review', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'subscribe');
  await logIn(page, me.email, me.password);
  await depositUsdt(request, me, '1000');

  // From the home page's quick entries: the demo projects, one in each state.
  await page.getByRole('button', { name: text(en, 'home.quick.subscription') }).click();
  await expect(page).toHaveURL(/publication\/index/);
  await expect(page.getByTestId(TID.publication.recommended)).toBeVisible();
  const list = page.locator('.hx-records');
  await expect(list.getByTestId(TID.publication.project('LUMA'))).toBeVisible();
  await page.getByTestId(TID.publication.tab('sold_out')).click();
  await expect(list.getByTestId(TID.publication.project('ORBX'))).toBeVisible();
  await page.getByTestId(TID.publication.tab('launched')).click();
  await expect(list.getByTestId(TID.publication.project('NOVA'))).toBeVisible();
  await page.getByTestId(TID.publication.tab('subscribing')).click();

  // The project: price, countdown to the close, introduction.
  await list.getByTestId(TID.publication.project('LUMA')).click();
  await expect(page).toHaveURL(/publication\/details\?id=\d+/);
  await expect(page.getByTestId(TID.publication.price)).toHaveText('0.02 USDT');
  await expect(page.getByTestId(TID.publication.countdown)).toContainText(
    text(en, 'publication.countdown.close'),
  );
  await expect(page.getByTestId(TID.publication.introduction)).toContainText('Lumen Layer');
  await page.getByTestId(TID.publication.subscribe).click();

  // Purchase: too much prompts a deposit; then a real subscription.
  await expect(page).toHaveURL(/publication\/purchase\?id=\d+/);
  await expect(page.getByTestId(TID.publication.payCurrency)).toHaveText('USDT');
  await expect(page.getByTestId(TID.publication.available)).toHaveText(
    'Available: 1,000.0000 USDT',
  );
  await page.getByTestId(TID.publication.submit).click();
  await expect(page.getByText(ERRORS.AMOUNT_REQUIRED.en).first()).toBeVisible();
  await page.getByTestId(TID.publication.amount).fill('5000');
  await expect(page.getByTestId(TID.publication.short)).toContainText(
    ERRORS.INSUFFICIENT_BALANCE.en,
  );
  await expect(page.getByTestId(TID.publication.deposit)).toHaveAttribute(
    'href',
    /deposit\/index\?currency_id=3/,
  );
  await snapshot(page, 'subscription-purchase-short');
  await page.getByTestId(TID.publication.amount).fill('100');
  await expect(page.getByTestId(TID.publication.short)).toHaveCount(0);
  await expect(page.getByTestId(TID.publication.estimate)).toContainText('5,000.0000 LUMA');
  await page.getByTestId(TID.publication.submit).click();

  // The record: under review, the amount paid and the tokens asked for.
  await expect(page).toHaveURL(/publication\/records/);
  const record = page.locator('.hx-pub-record').first();
  await expect(record.locator('[data-testid^="publication-record-status-"]')).toHaveText(
    text(en, 'money.status.review'),
  );
  await expect(record).toContainText('100.0000 USDT');
  await expect(record).toContainText('5,000.0000 LUMA');

  // The payment is frozen in the spot account.
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('900.0000');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText('100.0000');

  // Screenshots in both themes.
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    const pages = {
      index: '/pages/publication/index',
      details: '/pages/publication/details?id=3',
      purchase: '/pages/publication/purchase?id=3',
      records: '/pages/publication/records',
      launched: '/pages/publication/details?id=1',
    };
    for (const [name, route] of Object.entries(pages)) {
      await open(page, route);
      await page.waitForLoadState('networkidle');
      await snapshot(page, `subscription-${name}`);
    }
  }
});
