import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Decimal, formatAmount } from '../packages/money/src/index.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  expectBooksBalanced,
  logIn,
  messages,
  open,
  snapshot,
  text,
  setTheme,
} from './support.ts';

const en = messages('en');
const DEMO = { email: 'demo@demo.local', password: 'demo123456' };

/** An amount as the page writes it in English: floored, grouped. */
const shown = (value: Decimal.Value, decimals: number) =>
  formatAmount(new Decimal(value).toFixed(), decimals, 'en-US');

async function lastOrder(request: APIRequestContext, token: string) {
  const response = await request.get('/api/coin/list?symbol=BTCUSDT&status=history', {
    headers: { Authorization: token },
  });
  return (await response.json()).message.list[0] as {
    id: number;
    status: string;
    filled: string;
    filled_quote: string;
  };
}

const spotUsdt = (page: Page) => page.getByTestId(TID.assets.coinAvailable('USDT'));

test('the demo user trades in the first minute: demo funds, a fill against the market maker, a top-up', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A fresh server: the market is live and the market maker quotes within seconds.
  await expect
    .poll(
      async () => {
        const deal = (await (await request.get('/api/currency/deal?symbol=BTCUSDT')).json())
          .message as { bids: unknown[]; asks: unknown[] };
        return Math.min(deal.bids.length, deal.asks.length);
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);

  await logIn(page, DEMO.email, DEMO.password);
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('hx.session') ?? '{}') as { token: string }).token,
  );

  // Assets: the spot account already holds the demo funds.
  await page.getByTestId(TID.tab.assets).click();
  await expect(page.getByTestId(TID.assets.cardTotal('currency'))).toHaveText(/[1-9]/);
  await expect(page.getByTestId(TID.assets.demoFunds)).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await open(page, '/pages/assets/index');
    await expect(page.getByTestId(TID.assets.cardTotal('currency'))).toHaveText(/[1-9]/);
    await snapshot(page, 'first-minute-assets');
  }
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(spotUsdt(page)).toHaveText('10,000.0000');

  // Trade: a limit buy above the best ask fills against the market maker at once.
  await open(page, '/pages/trade/index?symbol=BTCUSDT');
  await expect(page.getByTestId(TID.spot.available)).toHaveText('10,000.0000 USDT');
  await expect(page.getByTestId(TID.spot.ask(0))).toHaveAttribute('data-price', /\d/);
  await page.getByTestId(TID.spot.ask(0)).click();
  const bestAsk = new Decimal(await page.getByTestId(TID.spot.price).inputValue());
  const price = bestAsk.times('1.01').toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2);
  await page.getByTestId(TID.spot.price).fill(price);
  await page.getByTestId(TID.spot.amount).fill('0.01');
  await page.getByTestId(TID.spot.submit).click();
  // "Order placed", or the fill's own notification when it filled at once (it takes the toast's place).
  await expect(
    page.getByText(text(en, 'spot.placed')).or(page.getByTestId(TID.notifications.toast)),
  ).toBeVisible();
  const order = await lastOrder(request, token);
  expect(order.status).toBe('completed');
  expect(new Decimal(order.filled).eq('0.01')).toBe(true);
  const left = new Decimal(10_000).minus(order.filled_quote);
  await expect(page.getByTestId(TID.spot.available)).toHaveText(`${shown(left, 4)} USDT`);
  await page.getByTestId(TID.spot.tab('history')).click();
  await expect(page.getByTestId(TID.spot.orderStatus(order.id))).toHaveText(
    text(en, 'spot.status.completed'),
  );
  // The market maker put its level back: the book is two-sided again.
  await expect(page.getByTestId(TID.spot.ask(0))).toHaveAttribute('data-price', /\d/);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await open(page, '/pages/trade/index?symbol=BTCUSDT');
    await page.getByTestId(TID.spot.tab('history')).click();
    await expect(page.getByTestId(TID.spot.order(order.id))).toBeVisible();
    await expect(page.getByTestId(TID.spot.bid(0))).toHaveAttribute('data-price', /\d/);
    await snapshot(page, 'first-minute-trade');
  }

  // Assets: the USDT spent is gone; demo funds top the account up, once per 10 minutes.
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(spotUsdt(page)).toHaveText(shown(left, 4));
  await open(page, '/pages/assets/index');
  await page.getByTestId(TID.assets.demoFunds).click();
  await expect(
    page.getByText(
      text(en, 'demoFunds.credited').replace('{{list}}', '10,000 USDT, 0.5 BTC, 5 ETH'),
    ),
  ).toBeVisible();
  await page.getByTestId(TID.assets.demoFunds).click();
  await expect(
    page.getByText(ERRORS.DEMO_FUNDS_TOO_SOON.en.replace('{minutes}', '10')),
  ).toBeVisible();
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(spotUsdt(page)).toHaveText(shown(left.plus(10_000), 4));
  await expectBooksBalanced(request);
});
