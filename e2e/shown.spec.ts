import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  fireBtcAlert,
  lastBtcPrice,
  messages,
  open,
  priceAlerts,
  registerByApi,
  signIn,
  snapshotThemes,
  text,
  shellNoticesLoaded,
} from './support.ts';

/**
 * What the user sees (issue 35): live price alerts with a pair picker and a menu entry, the
 * coins of the assets tab, the demo top-up countdown, opaque toasts, the trade header's 24 h
 * change, reduced motion, Spanish number inputs and English dates.
 */

const en = messages('en');
const esp = messages('esp');

/** The toast's background is opaque (alpha 1) in the theme shown. */
async function toastIsOpaque(page: Page) {
  const toast = page.locator('.adm-toast-mask .adm-toast-main').first();
  await expect(toast).toBeVisible();
  const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
}

test('price alerts: in the side menu, a pair picker, live price and list, opaque toasts, Spanish input', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'alerts-live');
  await signIn(page, user);

  // The side menu reaches the alerts.
  await open(page, '/pages/index/index');
  await page.getByTestId(TID.menuButton).click();
  await expect(page.getByTestId(TID.menuEntry('alerts'))).toHaveText(text(en, 'menu.alerts'));
  await page.getByTestId(TID.menuEntry('alerts')).click();
  await expect(page).toHaveURL(/#\/pages\/alerts\/index$/);

  // The pair is picked from the listed markets, not typed.
  const pair = page.getByTestId(TID.alerts.symbol);
  await expect(pair).toHaveJSProperty('tagName', 'SELECT');
  await expect(pair.locator('option[value="ETHUSDT"]')).toHaveCount(1);
  await expect(pair.locator('option[value="ETHUSDT"]')).toHaveText('ETH/USDT');
  await pair.selectOption('ETHUSDT');
  await expect(pair).toHaveValue('ETHUSDT');
  await pair.selectOption('BTCUSDT');

  // Set far above: listed as waiting with the price now, which follows the market.
  const price = page.getByTestId(TID.alerts.price);
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  const far = (Math.round((await lastBtcPrice(request)) * 300) / 100).toFixed(2);
  await price.fill(far);
  await page.getByTestId(TID.alerts.create).click();
  await toastIsOpaque(page);
  await expect.poll(async () => (await priceAlerts(request, user)).length).toBe(1);
  const [waiting] = await priceAlerts(request, user);
  const now = page.getByTestId(TID.alerts.live(waiting!.id));
  await expect(now).toContainText(text(en, 'alerts.now').replace('{{price}}', ''));
  const first = await now.textContent();
  await expect(now).not.toHaveText(first!, { timeout: 45_000 });
  // English dates year first.
  await expect(page.getByTestId(TID.alerts.item(waiting!.id))).toContainText(
    /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
  );

  // An alert fired by the market shows as fired on the open page, without a reload.
  const fired = await fireBtcAlert(request, user);
  await expect(page.getByTestId(TID.alerts.item(fired.id))).toContainText(
    text(en, 'alerts.firedAt').split(' ')[0]!,
    { timeout: 15_000 },
  );
  await expect(page.locator('h2', { hasText: text(en, 'alerts.fired') })).toBeVisible();

  // The notification's toast is opaque in the dark theme too.
  await page.evaluate(() => localStorage.setItem('hx.theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.getByTestId(TID.alerts.delete(waiting!.id)).click();
  await toastIsOpaque(page);
  await page.evaluate(() => localStorage.removeItem('hx.theme'));

  await snapshotThemes(page, 'alerts', async () => {
    await expect(page.getByTestId(TID.alerts.item(fired.id))).toBeVisible();
  });

  // Spanish: the price shows a decimal comma and "1.234.567,5" means 1234567.5; the server gets
  // a plain decimal.
  await page.evaluate(() => localStorage.setItem('hx.lang', 'esp'));
  await page.reload();
  await expect(price).toHaveValue(/^\d+,\d{2}$/);
  await price.fill('1.234.567,5');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/alerts') && r.method() === 'POST');
  await page.getByTestId(TID.alerts.create).click();
  expect((await sent).postData()).toContain('price=1234567.5');
  await expect(page.getByText(text(esp, 'alerts.created'))).toBeVisible();
  expect((await priceAlerts(request, user)).map((a) => a.price)).toContain('1234567.50');
  await page.evaluate(() => localStorage.setItem('hx.lang', 'en'));
});

test('assets: every coin with its balance, small ones hidden on request; the demo top-up counts down', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request, 'assets-coins');
  await signIn(page, user);
  await open(page, '/pages/assets/index');
  const list = page.getByTestId(TID.assets.coinList);
  // Often a restarted worker's first page (after a failure): a cold browser beside a new server
  // still writing its history.
  await expect(list).toBeVisible({ timeout: 30_000 });
  // A new account holds nothing: all of it is "small" and hidden.
  await expect(page.getByTestId(TID.assets.hideSmall)).toBeChecked();
  await expect(list.locator('li')).toHaveCount(0);
  await expect(page.getByTestId(TID.assets.hiddenCount)).toBeVisible();

  // The top-up credits 10,000 USDT, 0.5 BTC and 5 ETH: listed with their amounts.
  await page.getByTestId(TID.assets.demoFunds).click();
  await expect(page.getByTestId(TID.assets.coinTotal('USDT'))).toHaveText('10,000.0000');
  await expect(page.getByTestId(TID.assets.coinTotal('BTC'))).toHaveText('0.50000000');
  await expect(page.getByTestId(TID.assets.coinTotal('ETH'))).toHaveText('5.000000');
  const shown = await list.locator('li').count();
  expect(shown).toBeGreaterThanOrEqual(3);

  // Showing small balances adds the empty coins; the choice is kept across a reload.
  await page.getByTestId(TID.assets.hideSmall).uncheck();
  await expect.poll(() => list.locator('li').count()).toBeGreaterThan(shown);
  await expect(page.getByTestId(TID.assets.hiddenCount)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(TID.assets.hideSmall)).not.toBeChecked();
  await page.getByTestId(TID.assets.hideSmall).check();
  await expect(list.locator('li')).toHaveCount(shown);

  // The next top-up: a countdown from about ten minutes, in the button and under the title.
  const wait = page.getByTestId(TID.assets.demoFundsWait);
  await expect(wait).toContainText(/\d:\d{2}/);
  await expect(page.getByTestId(TID.assets.demoFunds)).toHaveText(/^(9:\d{2}|10:00)$/);
  const before = await wait.textContent();
  await expect(wait).not.toHaveText(before!, { timeout: 5000 });

  await snapshotThemes(page, 'assets', async () => {
    await expect(page.getByTestId(TID.assets.coinTotal('USDT'))).toBeVisible();
    await page.getByTestId(TID.assets.coinList).scrollIntoViewIfNeeded();
  });
});

test('trade header: the 24 h change in the rise or fall colour; popups open without animation', async ({
  page,
}) => {
  await open(page, '/pages/trade/index?symbol=BTCUSDT');
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
    true,
  );
  const change = page.getByTestId(TID.spot.change);
  await expect(change).toHaveText(/^[+-]?\d+\.\d{2}%$/, { timeout: 20_000 });
  const direction = await change.getAttribute('data-direction');
  const shown = (await change.textContent())!;
  expect(direction).toBe(shown.startsWith('-') ? 'fall' : shown === '0.00%' ? 'flat' : 'rise');
  const colour = await change.evaluate((el) => getComputedStyle(el).color);
  const expected = await page.evaluate(
    (d) =>
      getComputedStyle(document.documentElement)
        .getPropertyValue(d === 'flat' ? '--hx-text-secondary' : `--hx-${d}`)
        .trim(),
    direction,
  );
  const hex = (rgb: string) =>
    `#${rgb
      .match(/\d+/g)!
      .slice(0, 3)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  expect(hex(colour)).toBe(expected.toLowerCase());

  // Reduced motion: the pair list is in place at once (antd-mobile's springs skip to the end).
  await shellNoticesLoaded(page); // which set it, after the first paint
  await page.getByTestId(TID.spot.pair).click();
  const body = page.locator('.hx-spot-pairs');
  await expect(body).toBeVisible();
  const transform = await body.evaluate((el) => getComputedStyle(el).transform);
  expect(['none', 'matrix(1, 0, 0, 1, 0, 0)']).toContain(transform);

  await snapshotThemes(page, 'trade-header', async () => {
    await expect(page.getByTestId(TID.spot.change)).toBeVisible({ timeout: 20_000 });
  });
});
