import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  TID,
  messages,
  snapshot,
  text,
  registerByApi,
  logIn,
  depositUsdt,
  moveUsdt,
} from './support.ts';

const en = messages('en');
const PASSWORD = 'lever-secret';

/** Screenshots in both themes, ending in light. */
async function both(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await snapshot(page, name);
  }
}

/** Through the API: a registered user with 1000 USDT deposited and moved to the contract account. */
async function fundedUser(request: APIRequestContext) {
  const user = await registerByApi(request, 'lever', PASSWORD);
  await depositUsdt(request, user, '1000');
  await moveUsdt(request, user, 'contract', '1000');
  return { email: user.email, me: user.headers };
}

test('open a long from the home page, set stops, close it with confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, me } = await fundedUser(request);
  // A fresh server back-fills history first: wait until BTCUSDT has a recorded price.
  await expect
    .poll(
      async () => {
        const deal = await request.post('/api/lever/deal', { headers: me });
        return (
          (await deal.json()).message.pairs.find((p: { symbol: string }) => p.symbol === 'BTCUSDT')
            ?.price ?? null
        );
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .not.toBeNull();

  await logIn(page, email, PASSWORD);

  // From the app's own navigation: the home page's quick entry.
  await page.getByRole('button', { name: text(en, 'lever.quick') }).click();
  await expect(page.getByTestId(TID.lever.submit)).toBeVisible();
  await expect(page.getByTestId(TID.lever.available)).toContainText('1000');
  await page.getByTestId(TID.lever.symbol('BTCUSDT')).click();
  await page.getByTestId(TID.lever.side('long')).click();
  await page.getByTestId(TID.lever.type('market')).click();
  await page.getByTestId(TID.lever.lots).locator('.adm-stepper-plus').click();
  await expect(page.getByTestId(TID.lever.lots).locator('input')).toHaveValue('2');
  await page.getByTestId(TID.lever.multiple(10)).click();
  await expect(page.getByTestId(TID.lever.margin)).not.toContainText('--');
  await both(page, 'lever-form');
  await page.getByTestId(TID.lever.submit).click();

  await expect
    .poll(
      async () =>
        (
          await (
            await request.post('/api/lever/my_trade', { headers: me, form: { status: 'holding' } })
          ).json()
        ).message.total,
    )
    .toBe(1);
  const position = (
    await (
      await request.post('/api/lever/my_trade', { headers: me, form: { status: 'holding' } })
    ).json()
  ).message.list[0];
  expect(position).toMatchObject({ side: 'long', lots: 2, multiple: 10, status: 'holding' });
  const card = page.getByTestId(TID.lever.position(position.id));
  await expect(card).toBeVisible();
  await expect(page.getByTestId(TID.lever.profit(position.id))).toBeVisible();

  // Stops: profit 5% above, loss 5% below the entry.
  const open_ = Number(position.open_price);
  await page.getByTestId(TID.lever.stops(position.id)).click();
  await page.getByTestId(TID.lever.stopsProfit).fill((open_ * 1.05).toFixed(2));
  await page.getByTestId(TID.lever.stopsLoss).fill((open_ * 0.95).toFixed(2));
  await both(page, 'lever-stops');
  await page.getByTestId(TID.lever.stopsSave).click();
  await expect(card).toContainText((open_ * 1.05).toFixed(2));
  await expect(card).toContainText((open_ * 0.95).toFixed(2));
  await both(page, 'lever-holding');

  // Close asks first; "Keep" leaves it open.
  await page.getByTestId(TID.lever.close(position.id)).click();
  await expect(page.getByText(text(en, 'lever.closeTitle')).last()).toBeVisible();
  await both(page, 'lever-close-confirm');
  await page.getByRole('button', { name: text(en, 'lever.keep') }).click();
  await expect(card).toBeVisible();
  await page.getByTestId(TID.lever.close(position.id)).click();
  await page
    .locator('.adm-dialog-footer')
    .getByRole('button', { name: text(en, 'lever.close') })
    .click();
  await expect(card).toHaveCount(0);

  await page.getByTestId(TID.lever.tab('closed')).click();
  await expect(card).toBeVisible();
  await expect(card).toContainText(text(en, 'lever.reason.manual'));
  await both(page, 'lever-closed');
  const closed = (
    await (
      await request.post('/api/lever/my_trade', { headers: me, form: { status: 'closed' } })
    ).json()
  ).message.list[0];
  expect(closed).toMatchObject({ id: position.id, close_reason: 'manual' });
  // The API writes decimals without trailing zeros (67464.6 for 67464.60): compare the values.
  expect(Number(closed.stop_profit)).toBe(Number((open_ * 1.05).toFixed(2)));
  expect(closed.close_time).toBeGreaterThan(0);
});
