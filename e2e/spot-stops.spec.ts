import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Decimal, formatAmount } from '../packages/money/src/index.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  depositUsdt,
  expectBooksBalanced,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  type ApiUser,
  setTheme,
} from './support.ts';

const en = messages('en');

interface Order {
  id: number;
  type: string;
  side: string;
  status: string;
  price: string | null;
  filled: string;
  stop_price: string | null;
  trigger: string | null;
  oco_id: number | null;
  cancel_reason: string | null;
}

/** A price as the page writes it in English: two decimals, grouped. */
const shown = (value: Decimal.Value) => formatAmount(new Decimal(value).toFixed(), 2, 'en-US');
const tick = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2);

async function orders(request: APIRequestContext, user: ApiUser, status: string) {
  const response = await request.get(`/api/coin/list?symbol=BTCUSDT&status=${status}`, {
    headers: user.headers,
  });
  return (await response.json()).message.list as Order[];
}

async function orderOf(request: APIRequestContext, user: ApiUser, id: number): Promise<Order> {
  const response = await request.get(`/api/coin/order?id=${id}`, { headers: user.headers });
  return (await response.json()).message as Order;
}

async function book(request: APIRequestContext) {
  const response = await request.get('/api/currency/deal?symbol=BTCUSDT');
  return (await response.json()).message as { bids: string[][]; asks: string[][] };
}

/** The demo market maker quotes BTC/USDT with a few levels a side (it starts after the server). */
async function marketMakerQuoting(request: APIRequestContext) {
  await expect
    .poll(
      async () => Math.min((await book(request)).asks.length, (await book(request)).bids.length),
      {
        timeout: 90_000,
      },
    )
    .toBeGreaterThan(3);
}

/**
 * Another user buys up the asks through `stop` with an IOC limit order (nothing of it rests), so
 * a trade happens at or above the stop; again while the book moved under it.
 */
async function tradeThrough(request: APIRequestContext, mover: ApiUser, stop: Decimal) {
  const { asks } = await book(request);
  let amount = new Decimal(0);
  for (const [price, size] of asks) {
    amount = amount.plus(size!);
    if (new Decimal(price!).gte(stop)) {
      const form = {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price: price!,
        amount: amount.toFixed(),
        time_in_force: 'ioc',
      };
      const answer = await request.post('/api/coin/trade', { headers: mover.headers, form });
      expect((await answer.json()).message).toMatchObject({ time_in_force: 'ioc' });
      return;
    }
  }
}

async function pickType(page: Page, type: 'stop_limit' | 'stop_market' | 'oco') {
  await page.getByTestId(TID.spot.typeMore).click();
  await page.getByTestId(TID.spot.type(type)).click();
  await expect(page.locator('.adm-action-sheet-popup:visible')).toHaveCount(0);
}

test('a stop-limit waits with its trigger, fires when another user’s trade moves the last price through it, fills, and an OCO cancels as one', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await marketMakerQuoting(request);
  const me = await registerByApi(request, 'stops');
  const mover = await registerByApi(request, 'mover');
  await signIn(page, me);
  await depositUsdt(request, me, '1000');
  await depositUsdt(request, mover, '300000');

  await open(page, '/pages/trade/index?symbol=BTCUSDT&side=buy');
  await page.reload();
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT', { timeout: 60_000 });
  await expect(page.getByTestId(TID.spot.available)).toHaveText('1,000.0000 USDT');
  await expect(page.getByTestId(TID.spot.ask(0))).toHaveAttribute('data-price', /\d/, {
    timeout: 45_000,
  });

  // Stop-limit from the type sheet: a trigger price, a limit price and the amount.
  await pickType(page, 'stop_limit');
  await expect(page.getByTestId(TID.spot.typeMore)).toHaveText(text(en, 'spot.stop_limit'));
  await expect(page.getByTestId(TID.spot.stopPrice)).toHaveAttribute(
    'placeholder',
    text(en, 'spot.triggerPrice'),
  );
  await expect(page.getByTestId(TID.spot.tif)).toHaveCount(0);
  await page.getByTestId(TID.spot.amount).fill('0.001');
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.STOP_PRICE_REQUIRED.en);

  // The trigger: the fifth ask up, out of reach of the demo flow's small orders for a while but
  // within the mover's; the limit 1% above it.
  const { asks: ladder } = await book(request);
  const stop = new Decimal(ladder[Math.min(4, ladder.length - 1)]![0]!);
  const limit = tick(stop.times('1.01'));
  await page.getByTestId(TID.spot.stopPrice).fill(stop.toFixed(2));
  await page.getByTestId(TID.spot.price).fill(limit);
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByText(text(en, 'spot.placed'))).toBeVisible();
  const [placed] = await orders(request, me, 'waiting');
  expect(placed).toMatchObject({ type: 'stop_limit', trigger: 'pending', price: limit });
  const row = page.getByTestId(TID.spot.order(placed!.id));
  await expect(page.getByTestId(TID.spot.orderTrigger(placed!.id))).toHaveText(
    text(en, 'spot.trigger.pending'),
  );
  await expect(row).toContainText(`≥ ${shown(stop)}`);
  // Its USDT is frozen while it waits outside the book.
  await expect(page.getByTestId(TID.spot.available)).toHaveText(
    `${formatAmount(new Decimal(1000).minus(new Decimal(limit).times('0.001')).toFixed(), 4, 'en-US')} USDT`,
  );
  await snapshot(page, 'spot-stop-open');

  // The other user buys through the stop; the app sees it fire and fill.
  // Again while it has not fired (the book may have moved above the stop meanwhile), ten times
  // at most.
  let trades = 0;
  await expect
    .poll(
      async () => {
        const { trigger } = await orderOf(request, me, placed!.id);
        if (trigger !== 'triggered' && trades++ < 10) await tradeThrough(request, mover, stop);
        return trigger;
      },
      { intervals: [1500], timeout: 30_000 },
    )
    .toBe('triggered');
  await expect
    .poll(async () => (await orderOf(request, me, placed!.id)).status, { timeout: 30_000 })
    .toBe('completed');
  await page.getByTestId(TID.spot.tab('history')).click();
  await expect(page.getByTestId(TID.spot.orderStatus(placed!.id))).toHaveText(
    text(en, 'spot.status.completed'),
  );
  await expect(page.getByTestId(TID.spot.orderTrigger(placed!.id))).toHaveText(
    text(en, 'spot.trigger.triggered'),
  );

  // An OCO sell of what it bought: both orders wait, and cancelling one cancels the other.
  await page.getByTestId(TID.spot.side('sell')).click();
  await pickType(page, 'oco');
  const { bids, asks } = await book(request);
  await page.getByTestId(TID.spot.stopPrice).fill(tick(new Decimal(bids[0]![0]!).times('0.95')));
  await page
    .getByTestId(TID.spot.stopLimitPrice)
    .fill(tick(new Decimal(bids[0]![0]!).times('0.94')));
  await page.getByTestId(TID.spot.amount).fill('0.0009');
  // A limit under the last trade price (above its stop) would sell at once: the form says so.
  await page.getByTestId(TID.spot.price).fill(tick(new Decimal(bids[0]![0]!).times('0.97')));
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByTestId(TID.spot.error)).toHaveText(ERRORS.OCO_PRICE_RELATION.en);
  expect(await orders(request, me, 'waiting')).toEqual([]);
  await page.getByTestId(TID.spot.price).fill(tick(new Decimal(asks[0]![0]!).times('1.05')));
  await page.getByTestId(TID.spot.submit).click();
  await expect(page.getByText(text(en, 'spot.placed'))).toBeVisible();
  await page.getByTestId(TID.spot.tab('open')).click();
  const legs = await orders(request, me, 'waiting');
  expect(legs.map((o) => [o.type, o.trigger])).toEqual([
    ['stop_limit', 'pending'],
    ['limit', null],
  ]);
  await expect(page.getByTestId(TID.spot.order(legs[1]!.id))).toContainText(text(en, 'spot.oco'));
  await snapshot(page, 'spot-oco-open');
  await page.getByTestId(TID.spot.cancel(legs[0]!.id)).click();
  // The dialog says the other order of the OCO goes too.
  await expect(page.getByTestId(TID.spot.cancelOcoNote)).toHaveText(text(en, 'spot.cancelOcoBoth'));
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'spot.cancelConfirm') })
    .click();
  await expect(page.getByText(text(en, 'spot.noOrders'))).toBeVisible();
  await page.getByTestId(TID.spot.tab('history')).click();
  await expect(page.getByTestId(TID.spot.orderReason(legs[1]!.id))).toHaveText(
    text(en, 'spot.reason.oco'),
  );
  await expect(page.getByTestId(TID.spot.orderReason(legs[0]!.id))).toHaveText(
    text(en, 'spot.reason.user'),
  );

  // The forms in both themes: stop-limit, OCO, and a limit order's time in force.
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await open(page, '/pages/trade/index?symbol=BTCUSDT&side=buy');
    await expect(page.getByTestId(TID.spot.bid(0))).toHaveAttribute('data-price', /\d/);
    await page.getByTestId(TID.spot.tif).click();
    await expect(page.getByTestId(TID.spot.tifOption('fok'))).toBeVisible();
    await snapshot(page, 'spot-tif-sheet');
    await page.getByTestId(TID.spot.tifOption('ioc')).click();
    await expect(page.getByTestId(TID.spot.tif)).toHaveText(text(en, 'spot.tif.ioc'));
    await page.getByTestId(TID.spot.typeMore).click();
    await expect(page.getByTestId(TID.spot.type('oco'))).toBeVisible();
    await snapshot(page, 'spot-type-sheet');
    await page.getByTestId(TID.spot.type('stop_limit')).click();
    await page.getByTestId(TID.spot.stopPrice).fill(stop.toFixed(2));
    await page.getByTestId(TID.spot.amount).fill('0.001');
    await expect(page.locator('.hx-stepper-caption').first()).toHaveText(
      text(en, 'spot.triggerPrice'),
    );
    await snapshot(page, 'spot-stop-form');
    await pickType(page, 'oco');
    await snapshot(page, 'spot-oco-form');
    await page.getByTestId(TID.spot.tab('history')).click();
    await page.getByTestId(TID.spot.order(placed!.id)).scrollIntoViewIfNeeded();
    await snapshot(page, 'spot-stop-history');
  }
  await expectBooksBalanced(request);
});
