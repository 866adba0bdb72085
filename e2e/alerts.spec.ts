import { expect, test } from './fixtures.ts';
import {
  TID,
  fireBtcAlert,
  messages,
  open,
  priceAlerts,
  registerByApi,
  signIn,
  snapshot,
  text,
  shellNoticesLoaded,
  setTheme,
} from './support.ts';

const en = messages('en');

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
  expect(await priceAlerts(request, user)).toEqual([]);

  // Far above: set and listed as waiting.
  const far = (Math.round(now * 2 * 100) / 100).toFixed(2);
  await price.fill(far);
  await page.getByTestId(TID.alerts.create).click();
  await expect.poll(async () => (await priceAlerts(request, user)).length).toBe(1);
  const [waiting] = await priceAlerts(request, user);
  expect(waiting).toMatchObject({
    symbol: 'BTCUSDT',
    condition: 'above',
    price: far,
    fired_at: null,
  });
  const row = page.getByTestId(TID.alerts.item(waiting!.id));
  await expect(row).toContainText(
    `BTC/USDT ${text(en, 'alerts.describe.above').replace('{{price}}', far)}`,
  );

  // A move alert is set the same way.
  await page.getByTestId(TID.alerts.condition('move')).click();
  await page.getByTestId(TID.alerts.percent).fill('50');
  await page.getByTestId(TID.alerts.create).click();
  await expect.poll(async () => (await priceAlerts(request, user)).length).toBe(2);
  await snapshot(page, 'alerts');
  await setTheme(page, 'dark');
  await open(page, '/pages/alerts/index?symbol=BTCUSDT');
  await expect(page.getByTestId(TID.alerts.item(waiting!.id))).toBeVisible();
  await snapshot(page, 'alerts');
  await setTheme(page, 'light');

  // Two alerts a cent either side of the price: the demo market's next recorded move fires one,
  // once, and the toast tells it on the kline page.
  await open(page, '/pages/trade/kline?symbol=BTCUSDT');
  await shellNoticesLoaded(page); // the live listener, which toasts it
  const fired = await fireBtcAlert(request, user);
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
  expect((await priceAlerts(request, user)).map((a) => a.id)).not.toContain(waiting!.id);
});
