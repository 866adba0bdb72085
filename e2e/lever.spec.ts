import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  logIn,
  depositUsdt,
  moveUsdt,
  expectBooksBalanced,
  renderedFrames,
  recordedBtc,
} from './support.ts';
import { Decimal } from '../packages/money/src/index.ts';

const en = messages('en');
const esp = messages('esp');
/** Prices and amounts as the app writes them in English: grouped, fixed decimals. */
const grouped = (value: number, decimals = 2) =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
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

/** Scrolls the list's tabs to the top, so a screenshot shows the list rather than the form. */
const showTabs = (page: Page) =>
  page.locator('.hx-lever-tabs').evaluate((el) => el.scrollIntoView({ block: 'start' }));

/** Through the API: a registered user with 1000 USDT deposited and moved to the contract account. */
async function fundedUser(request: APIRequestContext) {
  const user = await registerByApi(request, 'lever', PASSWORD);
  await depositUsdt(request, user, '1000');
  await moveUsdt(request, user, 'contract', '1000');
  return { email: user.email, me: user.headers };
}

const listOf = async (request: APIRequestContext, me: { Authorization: string }, status: string) =>
  (await (await request.post('/api/lever/my_trade', { headers: me, form: { status } })).json())
    .message as { total: number; list: Record<string, unknown>[] };

test('open a long from the home page, set stops, close it with confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, me } = await fundedUser(request);
  await recordedBtc(request, me);

  await logIn(page, email, PASSWORD);

  // From the app's own navigation: the home page's quick entry.
  await page.getByRole('button', { name: text(en, 'lever.quick') }).click();
  await expect(page.getByTestId(TID.lever.submit)).toBeVisible();
  await expect(page.getByTestId(TID.lever.available)).toContainText('1,000');
  await page.getByTestId(TID.lever.symbol('BTCUSDT')).click();
  await page.getByTestId(TID.lever.side('long')).click();
  await page.getByTestId(TID.lever.type('market')).click();
  await page.getByTestId(TID.lever.lotsUp).click();
  await expect(page.getByTestId(TID.lever.lots)).toHaveValue('2');
  await page.getByTestId(TID.lever.multiple(10)).click();
  await expect(page.getByTestId(TID.lever.margin)).not.toContainText('--');
  await both(page, 'lever-form');
  // Every open asks first; Confirm sends it.
  await page.getByTestId(TID.lever.submit).click();
  await expect(page.getByTestId(TID.lever.confirm.sheet)).toBeVisible();
  await page.getByTestId(TID.lever.confirm.ok).click();
  await expect(page.getByTestId(TID.lever.confirm.sheet)).toBeHidden();

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
  await expect(card).toContainText(grouped(Number((open_ * 1.05).toFixed(2))));
  await expect(card).toContainText(grouped(Number((open_ * 0.95).toFixed(2))));
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
  // Realised P&L is shown after the opening fee (closing is free).
  await expect(card).toContainText(text(en, 'lever.realised'));
  await expect(page.getByTestId(TID.lever.net(position.id))).toContainText(
    grouped(Number(closed.fee), 4),
  );
  await expectBooksBalanced(request);
});

test('a 20× open asks first with its liquidation price; limit entries wait under open orders', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, me } = await fundedUser(request);
  const btc = await recordedBtc(request, me);
  await logIn(page, email, PASSWORD);
  await open(page, '/pages/lever/index?symbol=BTCUSDT');
  await expect(page.getByTestId(TID.lever.available)).toContainText('1,000');

  // 20× market long: the sheet shows side, lots, multiple, margin, fee and the liquidation price
  // about (1 − 0.8) ÷ 20 = 4% under the entry. Cancel opens nothing.
  await page.getByTestId(TID.lever.side('long')).click();
  await page.getByTestId(TID.lever.multiple(20)).click();
  // Every open the page sends from here on (Cancel must send none).
  const opens: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/lever/submit')
      opens.push(r.url());
  });
  await page.getByTestId(TID.lever.submit).click();
  const sheet = page.getByTestId(TID.lever.confirm.sheet);
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(text(en, 'lever.long'));
  await expect(sheet).toContainText('20×');
  await expect(page.getByTestId(TID.lever.confirm.margin)).toHaveText(/^[\d,]+\.\d{4} USDT$/);
  await expect(page.getByTestId(TID.lever.confirm.fee)).toHaveText(/^[\d,]+\.\d{4} USDT$/);
  const liquidation = page.getByTestId(TID.lever.confirm.liquidation);
  await expect(liquidation).toHaveText(/^\d{1,3}(,\d{3})+\.\d{2}$/);
  const reach = (1 - Number(btc.maintenance_ratio)) / 20;
  const shown = Number((await liquidation.textContent())!.replace(/,/g, ''));
  const now = Number((await page.locator('.hx-lever-quote b').textContent())!.replace(/,/g, ''));
  expect(Math.abs(shown / now - (1 - reach))).toBeLessThan(0.005);
  await expect(sheet).toContainText('4%');
  await both(page, 'lever-confirm');
  await page.getByTestId(TID.lever.confirm.cancel).click();
  await expect(sheet).toBeHidden();
  await renderedFrames(page);
  expect(opens).toEqual([]);
  expect((await listOf(request, me, 'holding')).total).toBe(0);

  // Confirm opens it: a 20× position with ROE and the margin ratio (100% = liquidation).
  await page.getByTestId(TID.lever.submit).click();
  await page.getByTestId(TID.lever.confirm.ok).click();
  await expect.poll(async () => (await listOf(request, me, 'holding')).total).toBe(1);
  const held = (await listOf(request, me, 'holding')).list[0]!;
  expect(held).toMatchObject({ multiple: 20, status: 'holding', side: 'long' });
  const card = page.getByTestId(TID.lever.position(held.id as number));
  await expect(card).toBeVisible();
  await expect(page.getByTestId(TID.lever.roe(held.id as number))).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  await expect(page.getByTestId(TID.lever.marginRatio(held.id as number))).toContainText(
    text(en, 'lever.marginRatioHint'),
  );
  await expect(page.getByTestId(TID.lever.net(held.id as number))).toContainText(
    text(en, 'lever.netOfFees').replace('{{amount}}', ''),
  );

  // A limit long below the price waits under "Open orders", not among the positions; its
  // liquidation price is exact: limit × (1 − 0.8 ÷ 20).
  const limit = Math.floor(now * 0.9);
  await page.getByTestId(TID.lever.type('limit')).click();
  await page.getByTestId(TID.lever.price).locator('input').fill(String(limit));
  await page.getByTestId(TID.lever.submit).click();
  await expect(liquidation).toHaveText(grouped(limit * (1 - reach)));
  await page.getByTestId(TID.lever.confirm.ok).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId(TID.lever.tab('waiting'))).toHaveAttribute('aria-selected', 'true');
  const waiting = (await listOf(request, me, 'holding')).list.find((p) => p.status === 'waiting')!;
  expect(waiting).toMatchObject({ multiple: 20, type: 'limit' });
  const entry = page.getByTestId(TID.lever.position(waiting.id as number));
  await expect(entry).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(text(en, 'lever.ordersHint'))).toBeVisible();
  await showTabs(page);
  await both(page, 'lever-open-orders');
  await page.getByTestId(TID.lever.tab('holding')).click();
  await expect(card).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(page.getByTestId(TID.lever.tab('holding'))).toContainText('1');
  await expect(page.getByTestId(TID.lever.tab('waiting'))).toContainText('1');
  await showTabs(page);
  await both(page, 'lever-positions');

  // The help centre explains margin, the margin ratio and liquidation, with the real 20%.
  await page.getByTestId(TID.lever.help).first().click();
  await expect(page.getByTestId(TID.content.articleTitle)).toHaveText(
    'Margin, liquidation and the maintenance ratio',
  );
  await expect(page.getByTestId(TID.content.articleBody)).toContainText(
    'The maintenance margin is 20% of the margin',
  );
  await both(page, 'lever-help');
  await page.goBack();
  await expect(page.getByTestId(TID.lever.submit)).toBeVisible();

  // Spanish at 375 px: the four tabs and "Cerrar todo" fit, none clipped.
  await page.evaluate(() => localStorage.setItem('hx.lang', 'esp'));
  await page.reload();
  await expect(page.getByTestId(TID.lever.tab('cancelled'))).toHaveText(
    text(esp, 'lever.tab.cancelled'),
  );
  await expect(page.getByTestId(TID.lever.closeAll)).toHaveText(text(esp, 'lever.closeAll'));
  const clipped = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.hx-lever-tabs [role="tab"], .hx-lever-list-tools button',
      ),
    ]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );
  expect(clipped).toEqual([]);
  // …and no word is split across lines: each tab is at least as wide as its longest word.
  const split = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.hx-lever-tabs [role="tab"]')]
      .filter((tab) => {
        const style = getComputedStyle(tab);
        const room =
          tab.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return (tab.textContent ?? '').split(/[ \n]+/).some((word) => {
          const probe = document.createElement('span');
          probe.style.cssText = `position:absolute;white-space:nowrap;font:${style.font}`;
          probe.textContent = word;
          document.body.append(probe);
          const wide = probe.getBoundingClientRect().width > room + 0.5;
          probe.remove();
          return wide;
        });
      })
      .map((tab) => tab.textContent),
  );
  expect(split).toEqual([]);
  const tabs = await page.locator('.hx-lever-tabs').boundingBox();
  const closeAll = await page.getByTestId(TID.lever.closeAll).boundingBox();
  expect(closeAll!.y).toBeGreaterThanOrEqual(tabs!.y + tabs!.height);
  await showTabs(page);
  await both(page, 'lever-positions-esp');
  await page.getByTestId(TID.lever.tab('waiting')).click();
  await expect(entry).toBeVisible();
  await page.getByTestId(TID.lever.type('market')).click();
  await page.getByTestId(TID.lever.submit).click();
  await expect(sheet).toContainText(text(esp, 'lever.confirm.title'));
  await both(page, 'lever-confirm-esp');
  await page.getByTestId(TID.lever.confirm.cancel).click();
  await page.evaluate(() => localStorage.setItem('hx.lang', 'en'));

  // Leave nothing open: cancel the entry, close the position; the books balance.
  expect(
    (
      await request.post('/api/lever/cancel', { headers: me, form: { id: String(waiting.id) } })
    ).ok(),
  ).toBe(true);
  expect(
    (await request.post('/api/lever/close', { headers: me, form: { id: String(held.id) } })).ok(),
  ).toBe(true);
  expect((await listOf(request, me, 'holding')).total).toBe(0);
  await expectBooksBalanced(request);
});

test('an empty contract account is said in the form with the transfer; the card’s entry adds up to the recorded price and spread', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'lever-empty', PASSWORD);
  await depositUsdt(request, user, '1000'); // in the spot account only
  const me = user.headers;
  const pair = await recordedBtc(request, me);
  await logIn(page, user.email, PASSWORD);
  await open(page, '/pages/lever/index?symbol=BTCUSDT');
  await expect(page.getByTestId(TID.lever.available)).toContainText('0.0000');
  await expect(page.getByTestId(TID.lever.margin)).not.toContainText('--');

  // Before any sheet: what the account has, what the order needs, and the way to fund it.
  const shortfall = page.getByTestId(TID.lever.shortfall);
  await expect(shortfall).toContainText('Your contract account has 0.0000 USDT');
  await expect(shortfall).toContainText('(margin + fee)');
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await shortfall.scrollIntoViewIfNeeded();
    await snapshot(page, 'lever-empty');
  }
  await page.getByTestId(TID.lever.submit).click();
  await expect(page.locator('.adm-toast-main')).toContainText('Your contract account has');
  await expect(page.getByTestId(TID.lever.confirm.sheet)).toHaveCount(0);
  expect((await listOf(request, me, 'holding')).total).toBe(0);

  // The transfer page opens from spot to the contract account; moving the USDT there.
  await page.getByTestId(TID.lever.transfer).click();
  await expect(page).toHaveURL(/#\/pages\/transfer\/index\?from=currency&to=contract$/);
  await expect(page.getByTestId(TID.transfer.from)).toHaveText(text(en, 'money.accounts.currency'));
  await expect(page.getByTestId(TID.transfer.to)).toHaveText(text(en, 'money.accounts.contract'));
  await page.getByTestId(TID.transfer.amount).fill('1000');
  await page.getByTestId(TID.transfer.submit).click();
  await expect(page.getByText(text(en, 'transfer.success'))).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId(TID.lever.available)).toContainText('1,000');
  await expect(shortfall).toHaveCount(0);

  // The sheet's estimate names its recorded price and spread.
  await page.getByTestId(TID.lever.side('long')).click();
  await page.getByTestId(TID.lever.submit).click();
  const basis = page.getByTestId(TID.lever.confirm.basis);
  await expect(basis).toContainText(/Last recorded price [\d,]+\.\d{2} \+ spread \d/);
  await page.getByTestId(TID.lever.confirm.ok).click();
  await expect(page.getByTestId(TID.lever.confirm.sheet)).toBeHidden();
  await expect.poll(async () => (await listOf(request, me, 'holding')).total).toBe(1);
  const [position] = (await listOf(request, me, 'holding')).list as {
    id: number;
    open_price: string;
    open_tick_price: string;
    spread: string;
  }[];
  // The card's entry is the price it cites plus the spread, both named with the amount.
  const entry = new Decimal(position!.open_price);
  const recorded = new Decimal(position!.open_tick_price);
  const spread = new Decimal(position!.spread);
  expect(spread.toFixed()).toBe(new Decimal(pair.spread).toFixed());
  expect(entry.toFixed()).toBe(
    recorded.times(spread.plus(1)).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(),
  );
  const said = page.getByTestId(TID.lever.entryBasis(position!.id));
  await expect(said).toContainText(
    `Entry ${grouped(entry.toNumber())} = recorded price ${grouped(recorded.toNumber())} + spread ${spread.times(100).toFixed()}% (${grouped(entry.minus(recorded).toNumber())})`,
  );
  const card = page.getByTestId(TID.lever.position(position!.id));
  await expect(card).toContainText(grouped(entry.toNumber()));
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'lever-entry-card');
  }
  await expectBooksBalanced(request);
});
