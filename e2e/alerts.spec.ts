import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  TID,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  type ApiUser,
} from './support.ts';

const en = messages('en');

interface Alert {
  id: number;
  symbol: string;
  condition: string;
  price: string | null;
  fired_at: number | null;
  fired_price: string | null;
}

async function alerts(request: APIRequestContext, user: ApiUser): Promise<Alert[]> {
  const response = await request.get('/api/alerts', { headers: user.headers });
  expect(response.ok()).toBe(true);
  return (await response.json()).message.list;
}

async function lastPrice(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/currency/futures_info?symbol=BTCUSDT');
  return (await response.json()).message.price;
}

/**
 * A level one cent either side of the last price: the next recorded tick that moves reaches one
 * of them. A tick recorded between reading the price and creating the alert may already have
 * crossed it (ALERT_ALREADY_CROSSED): then read the price again.
 */
async function bracket(request: APIRequestContext, user: ApiUser): Promise<void> {
  for (const condition of ['above', 'below'] as const) {
    await expect
      .poll(async () => {
        const cents = Math.round(Number(await lastPrice(request)) * 100);
        const level = condition === 'above' ? cents + 1 : cents - 1;
        const response = await request.post('/api/alerts', {
          headers: user.headers,
          form: { symbol: 'BTCUSDT', condition, price: (level / 100).toFixed(2) },
        });
        return response.status();
      })
      .toBe(200);
  }
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme(theme)).click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', theme);
}

test('price alerts: set from the kline page, listed, fired once on a recorded price, told, deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'alerts');
  await signIn(page, user);

  // The kline page's bell-plus opens the alerts with the pair preset and its price prefilled.
  await open(page, '/pages/trade/kline?symbol=BTCUSDT');
  await page.getByTestId(TID.alerts.open).click();
  await expect(page).toHaveURL(/#\/pages\/alerts\/index\?symbol=BTCUSDT$/);
  await expect(page.getByTestId(TID.alerts.symbol)).toHaveValue('BTCUSDT');
  const price = page.getByTestId(TID.alerts.price);
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  const now = Number(await price.inputValue());

  // Above the price it already passed: refused with the current price, nothing listed.
  await price.fill((now / 2).toFixed(2));
  await page.getByTestId(TID.alerts.create).click();
  await expect(page.locator('.hx-form-error')).toContainText('The current price is');
  expect(await alerts(request, user)).toEqual([]);

  // Far above: set and listed as waiting.
  const far = (Math.round(now * 2 * 100) / 100).toFixed(2);
  await price.fill(far);
  await page.getByTestId(TID.alerts.create).click();
  await expect.poll(async () => (await alerts(request, user)).length).toBe(1);
  const [waiting] = await alerts(request, user);
  expect(waiting).toMatchObject({
    symbol: 'BTCUSDT',
    condition: 'above',
    price: far,
    fired_at: null,
  });
  const row = page.getByTestId(TID.alerts.item(waiting!.id));
  await expect(row).toContainText(
    `BTCUSDT ${text(en, 'alerts.describe.above').replace('{{price}}', far)}`,
  );

  // A move alert is set the same way.
  await page.getByTestId(TID.alerts.condition('move')).click();
  await page.getByTestId(TID.alerts.percent).fill('50');
  await page.getByTestId(TID.alerts.create).click();
  await expect.poll(async () => (await alerts(request, user)).length).toBe(2);
  await snapshot(page, 'alerts');
  await setTheme(page, 'dark');
  await open(page, '/pages/alerts/index?symbol=BTCUSDT');
  await expect(page.getByTestId(TID.alerts.item(waiting!.id))).toBeVisible();
  await snapshot(page, 'alerts');
  await setTheme(page, 'light');

  // Two alerts a cent either side of the price: the demo market's next recorded move fires one,
  // once, and the toast tells it on the kline page.
  await open(page, '/pages/trade/kline?symbol=BTCUSDT');
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500); // the live listener subscribes
  await bracket(request, user);
  await expect
    .poll(async () => (await alerts(request, user)).filter((a) => a.fired_at !== null).length, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(1);
  const fired = (await alerts(request, user)).find((a) => a.fired_at !== null)!;
  const reached =
    fired.condition === 'above'
      ? Number(fired.fired_price) >= Number(fired.price)
      : Number(fired.fired_price) <= Number(fired.price);
  expect(reached).toBe(true);
  await expect(page.getByTestId(TID.notifications.toast)).toContainText('Price alert: BTC/USDT', {
    timeout: 15_000,
  });

  // The notification opens the kline page of its pair.
  const notices = await request.get('/api/notifications?page=1&limit=20', {
    headers: user.headers,
  });
  const told = (await notices.json()).message.list.filter(
    (n: { kind: string }) => n.kind === 'price_alert',
  );
  expect(told.length).toBeGreaterThanOrEqual(1);
  await open(page, '/pages/notifications/index');
  await page.getByTestId(TID.notifications.item(told[told.length - 1].id)).click();
  await expect(page).toHaveURL(/#\/pages\/trade\/kline\?symbol=BTCUSDT$/);

  // The market page reaches the alerts too; deleting one takes it off the list.
  await open(page, '/pages/foreignExchange/index');
  await page.getByTestId(TID.alerts.open).click();
  await expect(page).toHaveURL(/#\/pages\/alerts\/index$/);
  await page.getByTestId(TID.alerts.delete(waiting!.id)).click();
  await expect(page.getByTestId(TID.alerts.item(waiting!.id))).toHaveCount(0);
  expect((await alerts(request, user)).map((a) => a.id)).not.toContain(waiting!.id);
});
