import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Decimal, formatAmount } from '../packages/money/src/index.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  depositUsdt,
  expectBooksBalanced,
  marketMakerQuoting,
  messages,
  open,
  registerByApi,
  setTheme,
  signIn,
  snapshot,
  text,
} from './support.ts';

/**
 * The user is told the order went in: "Order placed", or, when it filled at once, the fill's own
 * notification, which takes the toast's place.
 */
async function expectPlaced(page: Page) {
  await expect(
    page.getByText(text(en, 'spot.placed')).or(page.getByTestId(TID.notifications.toast)),
  ).toBeVisible();
}

const en = messages('en');
/** Display decimals of the coins (the config's) and the BTC/USDT pair's tick. */
const USDT = 4;
const BTC = 8;
const TICK = '0.01';

/** An amount as the page writes it in English: floored, grouped. */
const shown = (value: Decimal.Value, decimals: number) =>
  formatAmount(new Decimal(value).toFixed(), decimals, 'en-US');

interface Order {
  id: number;
  side: string;
  type: string;
  price: string;
  amount: string;
  funds: string | null;
  filled: string;
  filled_quote: string;
  avg_price: string | null;
  fee: string;
  status: string;
}

async function orders(request: APIRequestContext, token: string, status: string) {
  const response = await request.get(`/api/coin/list?symbol=BTCUSDT&status=${status}`, {
    headers: { Authorization: token },
  });
  return (await response.json()).message.list as Order[];
}

/** The price of a book level once the demo market maker quotes (it starts a little after). */
async function levelPrice(level: Locator): Promise<Decimal> {
  await expect(level).toHaveAttribute('data-price', /\d/, { timeout: 45_000 });
  return new Decimal((await level.getAttribute('data-price'))!);
}

const tick = (value: Decimal) =>
  value.toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(TICK.length - 2);

/** Closes the open popup by tapping its mask, away from the sheet. */
async function closePopup(page: Page) {
  await page
    .locator('.adm-mask')
    .last()
    .click({ position: { x: 365, y: 30 } });
  await expect(page.locator('.adm-popup-body:visible')).toHaveCount(0);
}

test('a funded user buys BTC with a limit order the market maker fills and finds it in history with its fill', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await marketMakerQuoting(request);
  // A visitor sees the page and is sent to login when placing an order.
  await open(page, '/pages/trade/index');
  // The first page after the server started may take a while (it back-fills market history).
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT', { timeout: 60_000 });
  await expect(page.getByTestId(TID.spot.available)).toHaveText('-- USDT');
  await page.getByTestId(TID.spot.submit).click();
  await expect(page).toHaveURL(/login\/login\?redirect=/);

  const me = await registerByApi(request, 'spot');
  await signIn(page, me);
  await depositUsdt(request, me, '1000');
  const token = me.token;
  await open(page, '/pages/index/index');
  await page.reload();

  // From the tab bar: BTC/USDT, buying, with the balance of the quote coin.
  await page.getByTestId(TID.tab.trade).click();
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT', { timeout: 30_000 });
  await expect(page.getByTestId(TID.spot.side('buy'))).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(TID.spot.available)).toHaveText('1,000.0000 USDT');
  await levelPrice(page.getByTestId(TID.spot.ask(0)));
  await expect(page.getByTestId(TID.spot.price)).toHaveValue(/^\d+\.\d{2}$/);

  // The form's own checks: quantity required, balance sufficient.
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.AMOUNT_REQUIRED.en);
  await page.getByTestId(TID.spot.amount).fill('1');
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.INSUFFICIENT_BALANCE.en);

  // Tapping the best ask takes its price; a step up makes it cross the book.
  await page.getByTestId(TID.spot.price).fill('');
  await page.getByTestId(TID.spot.ask(0)).click();
  await expect(page.getByTestId(TID.spot.price)).toHaveValue(/^\d+\.\d{2}$/);
  const bestAsk = new Decimal(await page.getByTestId(TID.spot.price).inputValue());
  const price = tick(bestAsk.times('1.02'));
  await page.getByTestId(TID.spot.price).fill(price);
  await page.getByTestId(TID.spot.amount).fill('0.001');
  await expect(page.getByTestId(TID.spot.total)).toHaveText(
    `${shown(new Decimal(price).times('0.001'), USDT)} USDT`,
  );
  // The fee preview is the taker rate of the BTC received, in BTC: what the order is charged.
  await expect(page.getByTestId(TID.spot.fee)).toHaveText(/^0\.\d{8} BTC$/);
  const feePreview = await page.getByTestId(TID.spot.fee).textContent();
  await page.getByTestId(TID.spot.submit).click();
  await expectPlaced(page);

  // History: completed, at or below the limit, with its fill.
  await page.getByTestId(TID.spot.tab('history')).click();
  const [order] = await orders(request, token, 'history');
  expect(order!.status).toBe('completed');
  expect(new Decimal(order!.filled).eq('0.001')).toBe(true);
  expect(new Decimal(order!.avg_price!).lte(price)).toBe(true);
  expect(`${shown(order!.fee, BTC)} BTC`).toBe(feePreview);
  await expect(page.getByTestId(TID.spot.orderStatus(order!.id))).toHaveText(
    text(en, 'spot.status.completed'),
  );
  await page.getByTestId(TID.spot.order(order!.id)).click();
  const fills = page.getByTestId(TID.spot.fills);
  await expect(fills).toBeVisible();
  await expect(fills.getByTestId(TID.spot.fill(0))).toContainText(text(en, 'spot.role.taker'));
  await expect(fills).toContainText(`${shown(order!.fee, BTC)} BTC`);
  await snapshot(page, 'spot-fills');
  await closePopup(page);

  // The balances moved: USDT spent, BTC received less the fee.
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(new Decimal(1000).minus(order!.filled_quote), USDT)} USDT`,
  );
  await page.getByTestId(TID.spot.side('sell')).click();
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(new Decimal(order!.filled).minus(order!.fee), BTC)} BTC`,
  );

  // A market sell of all of it: the whole sellable amount, estimated at the best bid.
  await page.getByTestId(TID.spot.type('market')).click();
  await expect(page.getByTestId(TID.spot.price)).toHaveText(text(en, 'spot.marketPrice'));
  await page.getByTestId(TID.spot.percent(100)).click();
  // All of it in whole amount steps (0.00001 BTC); the dust below one step stays.
  const sellable = new Decimal(order!.filled).minus(order!.fee);
  const selling = sellable.toDecimalPlaces(5, Decimal.ROUND_DOWN);
  await expect(page.getByTestId(TID.spot.amount)).toHaveValue(selling.toFixed(5));
  await expect(page.getByTestId(TID.spot.total)).toHaveText(/^≈ [\d,.]+ USDT$/);
  await page.getByTestId(TID.spot.submit).click();
  await expectPlaced(page);
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(sellable.minus(selling), BTC)} BTC`,
  );
  const [sold] = await orders(request, token, 'history');
  expect(sold!.status).toBe('completed');
  await expect(page.getByTestId(TID.spot.orderStatus(sold!.id))).toHaveText(
    text(en, 'spot.status.completed'),
  );
  await expect(page.getByTestId(TID.spot.order(sold!.id))).toContainText(text(en, 'spot.market'));

  await page.getByTestId(TID.spot.tab('trades')).click();
  await expect(page.getByTestId(TID.spot.trade(0))).toBeVisible();

  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await open(page, '/pages/trade/index?symbol=BTCUSDT');
    await expect(page.getByTestId(TID.spot.bid(0))).toHaveAttribute('data-price', /\d/);
    await snapshot(page, 'spot-trade');
    await page.getByTestId(TID.spot.tab('history')).click();
    await expect(page.getByTestId(TID.spot.order(order!.id))).toBeVisible();
    await page.getByTestId(TID.spot.pair).click();
    await expect(page.getByTestId(TID.spot.pairItem('ETHUSDT'))).toBeVisible();
    await snapshot(page, 'spot-pairs');
    await closePopup(page);
  }
});

test('a limit buy far below the market waits under open orders until cancelled, and its frozen USDT returns', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await marketMakerQuoting(request);
  const me = await registerByApi(request, 'spot');
  await signIn(page, me);
  await depositUsdt(request, me, '1000');
  const token = me.token;

  // The kline page opens the trade page on its pair and side.
  await open(page, '/pages/trade/kline?symbol=ETHUSDT');
  await page.reload();
  await page.getByTestId(TID.kline.sell).click();
  await expect(page).toHaveURL(/trade\/index\?symbol=ETHUSDT&side=sell/);
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('ETH/USDT', { timeout: 30_000 });
  await expect(page.getByTestId(TID.spot.side('sell'))).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(TID.spot.available)).toHaveText(/ ETH$/);

  // The pair switcher, searched.
  await page.getByTestId(TID.spot.pair).click();
  await page.getByTestId(TID.spot.pairSearch).fill('btc');
  await expect(page.getByTestId(TID.spot.pairItem('ETHUSDT'))).toHaveCount(0);
  await page.getByTestId(TID.spot.pairItem('BTCUSDT')).click();
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT');
  await page.getByTestId(TID.spot.side('buy')).click();
  await expect(page.getByTestId(TID.spot.available)).toHaveText('1,000.0000 USDT');

  // Half the best bid: nobody sells that low.
  const bestBid = await levelPrice(page.getByTestId(TID.spot.bid(0)));
  const price = tick(bestBid.div(2));
  await page.getByTestId(TID.spot.price).fill(price);
  await page.getByTestId(TID.spot.percent(25)).click();
  const amount = await page.getByTestId(TID.spot.amount).inputValue();
  expect(new Decimal(amount).times(price).lte(250)).toBe(true);
  const cost = new Decimal(price).times(amount);
  await page.getByTestId(TID.spot.submit).click();
  await expectPlaced(page);

  const [order] = await orders(request, token, 'waiting');
  expect(order!.status).toBe('waiting');
  await expect(page.getByTestId(TID.spot.orderStatus(order!.id))).toHaveText(
    text(en, 'spot.status.waiting'),
  );
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(new Decimal(1000).minus(cost), USDT)} USDT`,
  );
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText(shown(cost, USDT));

  // Cancelled after confirming: gone from open orders, in history, and the USDT is free again.
  await open(page, '/pages/trade/index?symbol=BTCUSDT');
  await page.getByTestId(TID.spot.cancel(order!.id)).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'spot.cancelConfirm') })
    .click();
  await expect(page.getByText(text(en, 'spot.cancelled'))).toBeVisible();
  await expect(page.getByText(text(en, 'spot.noOrders'))).toBeVisible();
  await expect(page.getByTestId(TID.spot.available)).toHaveText('1,000.0000 USDT');
  await page.getByTestId(TID.spot.tab('history')).click();
  await expect(page.getByTestId(TID.spot.orderStatus(order!.id))).toHaveText(
    text(en, 'spot.status.cancelled'),
  );
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText('0.0000');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('1,000.0000');
});

test('a market buy spends the USDT asked for, buys what it can across the book, and keeps the books balanced', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await marketMakerQuoting(request);
  const me = await registerByApi(request, 'spot');
  await signIn(page, me);
  await depositUsdt(request, me, '1000');
  await open(page, '/pages/trade/index?symbol=BTCUSDT&side=buy');
  await page.reload();
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT', { timeout: 30_000 });
  await expect(page.getByTestId(TID.spot.available)).toHaveText('1,000.0000 USDT');
  await levelPrice(page.getByTestId(TID.spot.ask(0)));

  // A market buy asks for the USDT to spend ("Total"), not a BTC amount.
  await page.getByTestId(TID.spot.type('market')).click();
  await expect(page.getByTestId(TID.spot.price)).toHaveText(text(en, 'spot.marketPrice'));
  await expect(page.getByTestId(TID.spot.amount)).toHaveCount(0);
  const spend = page.getByTestId(TID.spot.spend);
  await expect(spend).toHaveAttribute('placeholder', text(en, 'spot.total'));
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.AMOUNT_REQUIRED.en);
  await spend.fill('1000.01');
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.INSUFFICIENT_BALANCE.en);
  // A share of the balance, in USDT.
  await page.getByTestId(TID.spot.percent(25)).click();
  await expect(spend).toHaveValue('250.00');

  // 100 USDT: about 100 ÷ the best ask in BTC, the fee in BTC.
  await spend.fill('100');
  const bestAsk = await levelPrice(page.getByTestId(TID.spot.ask(0)));
  await expect(page.getByTestId(TID.spot.bought)).toHaveText(/^≈ 0\.\d{5} BTC$/);
  const estimate = new Decimal(
    (await page.getByTestId(TID.spot.bought).textContent())!.replace(/[^\d.]/g, ''),
  );
  // The book moves every second: the estimate is within a few percent of 100 ÷ best ask.
  expect(estimate.div(new Decimal(100).div(bestAsk)).minus(1).abs().lt('0.05')).toBe(true);
  await expect(page.getByTestId(TID.spot.fee)).toHaveText(/^≈ 0\.\d{8} BTC$/);
  await page.getByTestId(TID.spot.submit).click();
  // Placed (the form empties; the toast may give way to the fill's notification).
  await expect(spend).toHaveValue('');
  await expect.poll(async () => (await orders(request, me.token, 'history')).length).toBe(1);

  // Completed: it spent at most 100 USDT, the rest of the 100 stays free, BTC arrives less fee.
  const [order] = await orders(request, me.token, 'history');
  expect(order).toMatchObject({
    side: 'buy',
    type: 'market',
    status: 'completed',
    funds: '100.00',
  });
  expect(new Decimal(order!.filled).gt(0)).toBe(true);
  expect(order!.amount).toBe(order!.filled);
  expect(new Decimal(order!.filled_quote).lte(100)).toBe(true);
  // Less than one amount step (0.00001 BTC) at the dearest level it reached is left unspent.
  expect(new Decimal(100).minus(order!.filled_quote).lt(new Decimal(bestAsk).times('0.0001'))).toBe(
    true,
  );
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(new Decimal(1000).minus(order!.filled_quote), USDT)} USDT`,
  );
  await page.getByTestId(TID.spot.tab('history')).click();
  await expect(page.getByTestId(TID.spot.orderStatus(order!.id))).toHaveText(
    text(en, 'spot.status.completed'),
  );
  await page.getByTestId(TID.spot.side('sell')).click();
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${shown(new Decimal(order!.filled).minus(order!.fee), BTC)} BTC`,
  );
  // A market sell still asks for the BTC amount.
  await expect(page.getByTestId(TID.spot.amount)).toBeVisible();
  await expect(spend).toHaveCount(0);

  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await open(page, '/pages/trade/index?symbol=BTCUSDT&side=buy');
    await expect(page.getByTestId(TID.spot.ask(0))).toHaveAttribute('data-price', /\d/);
    await page.getByTestId(TID.spot.type('market')).click();
    await page.getByTestId(TID.spot.spend).fill('100');
    await expect(page.getByTestId(TID.spot.bought)).toHaveText(/^≈ 0\.\d{5} BTC$/);
    await snapshot(page, 'spot-market-buy');
  }
  await expectBooksBalanced(request);
});
