import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  logIn,
  operator,
  depositUsdt,
  moveUsdt,
  expectBooksBalanced,
} from './support.ts';

const en = messages('en');
const esp = messages('esp');
/** A price as the app writes it in English: thousands grouped, the symbol's decimals. */
const PRICE = /^\d{1,3}(,\d{3})*\.\d{2}$/;
const PASSWORD = 'option-secret';

/**
 * Through the API: a registered user with basic KYC passed by the operator and 100 USDT deposited
 * (voucher, operator pass) and moved to the options account.
 */
async function fundedUser(request: APIRequestContext) {
  const created = await registerByApi(request, 'options', PASSWORD);
  const { email, user, headers: me } = created;
  const admin = await operator(request);
  const pass = async (queue: string) => {
    const list = await request.get(`/api/admin/${queue}?status=review&limit=100`, {
      headers: admin,
    });
    const item = (await list.json()).message.list.find(
      (i: { user_id: number }) => i.user_id === user.id,
    );
    expect(item).toBeTruthy();
    const decided = await request.post(`/api/admin/${queue}/${item.id}/pass`, { headers: admin });
    expect(decided.ok()).toBe(true);
  };

  const kyc = await request.post('/api/user/real_name', {
    headers: me,
    form: { country: 'DE', name: 'Option Tester', id_number: 'X1234567' },
  });
  expect(kyc.ok()).toBe(true);
  await pass('kyc');

  await depositUsdt(request, created, '100');
  await moveUsdt(request, created, 'options', '100');
  return email;
}

test('buy a call on the shortest period and see it settle on both recorded prices', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = await fundedUser(request);
  const seconds = (await (await request.get('/api/microtrade/seconds')).json()).message as {
    seconds: number;
    profit_rate: string;
    min_amount: string;
  }[];
  const shortest = seconds.reduce((a, b) => (b.seconds < a.seconds ? b : a));

  await logIn(page, email, PASSWORD);

  // Tab 2 opens on perpetual contracts; its switch leads to options: the live price, the chart
  // and the periods with payout and minimum.
  await page.getByTestId(TID.tab.option).click();
  await expect(page).toHaveURL(/#\/pages\/lever\/index$/);
  await page.getByTestId(TID.derivatives.options).click();
  // (The first start back-fills market history: the first page may take a while.)
  await expect(page.getByTestId(TID.options.price)).toHaveText(PRICE, {
    timeout: 90_000,
  });
  await expect(page.getByTestId(TID.options.chart)).toBeVisible();
  const chip = page.getByTestId(TID.options.period(shortest.seconds));
  const rate = `${Number(shortest.profit_rate) * 100}%`;
  await expect(chip).toContainText(rate);
  await chip.click();
  // The chart spans sixty periods of the product: half an hour for 30 s, never a day.
  const longest = seconds.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  expect(longest.seconds).toBe(300); // the seeded periods: 30 s to 5 min
  await expect(page.getByTestId(TID.options.chartSpan)).toHaveText(
    text(en, 'options.chart.minutes')
      .replace('{{count}}', String(Math.max(15, shortest.seconds)))
      .replace('{{step}}', '1'),
  );
  await page.getByTestId(TID.options.period(longest.seconds)).click();
  await expect(page.getByTestId(TID.options.chartSpan)).toHaveText(
    text(en, 'options.chart.hours').replace('{{count}}', '5').replace('{{step}}', '5'),
  );
  await expect(page.getByTestId(TID.options.chart)).toHaveAttribute('data-state', 'ready');
  await chip.click();
  await expect(page.getByTestId(TID.options.chart)).toHaveAttribute('data-state', 'ready');

  // Before buying, each type says what it pays and how its result is decided.
  await expect(page.getByTestId(TID.options.rule('even'))).toContainText(
    text(en, 'options.rule.even').replace('{{rate}}', rate),
  );
  await expect(page.getByTestId(TID.options.rule('call'))).toContainText(
    text(en, 'options.rule.call').replace('{{rate}}', rate),
  );
  await page.getByTestId(TID.options.buy('even')).click();
  await expect(page.getByTestId(TID.options.evenNote)).toHaveText(text(en, 'options.evenNote'));
  const evenOutcomes = page.getByTestId(TID.options.outcomes);
  await expect(evenOutcomes).toContainText(
    `${text(en, 'options.outcome.equal')}${text(en, 'options.pays.win').replace('{{rate}}', rate)}`,
  );
  await expect(evenOutcomes).toContainText(
    `${text(en, 'options.outcome.above')}${text(en, 'options.pays.lose')}`,
  );
  await page.locator('.adm-popup .adm-mask').click({ position: { x: 10, y: 10 } });
  await expect(page.getByTestId(TID.options.popup)).toBeHidden();

  // The purchase sheet checks the minimum, then shows the expected payout.
  await page.getByTestId(TID.options.buy('call')).click();
  await expect(page.getByTestId(TID.options.popup)).toBeVisible();
  await page.getByTestId(TID.options.amount).fill('5');
  await page.getByTestId(TID.options.confirm).click();
  const belowMin = text(en, 'options.belowMin')
    .replace('{{min}}', shortest.min_amount)
    .replace('{{coin}}', 'USDT');
  await expect(page.getByText(belowMin).first()).toBeVisible();
  await page.getByTestId(TID.options.amount).fill('10');
  const payout = (10 * (1 + Number(shortest.profit_rate))).toFixed(4);
  await expect(page.getByTestId(TID.options.expected)).toHaveText(`${payout} USDT`);
  // The call's outcomes: above pays the rate (and the payout of this amount), a tie refunds.
  const outcomes = page.getByTestId(TID.options.outcomes);
  await expect(outcomes).toContainText(
    `${text(en, 'options.outcome.above')}${text(en, 'options.pays.win').replace('{{rate}}', rate)} · ${payout} USDT`,
  );
  await expect(outcomes).toContainText(
    `${text(en, 'options.outcome.equal')}${text(en, 'options.pays.refund')}`,
  );
  await expect(outcomes).toContainText(
    `${text(en, 'options.outcome.below')}${text(en, 'options.pays.lose')}`,
  );
  await expect(page.getByTestId(TID.options.evenNote)).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await snapshot(page, 'options-purchase');
  }
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-prefers-color-scheme', 'light'),
  );
  await page.getByTestId(TID.options.confirm).click();
  await expect(page.getByTestId(TID.options.popup)).toBeHidden();

  // The open order counts down.
  const order = page.locator('[data-testid^="option-order-"]').first();
  await expect(order.getByTestId(TID.options.countdown)).toHaveText(/^\d+:\d\d$/);
  await snapshot(page, 'options-open');

  // It settles by itself after delivery, and the user is told at once, with both prices.
  const told = page.getByTestId(TID.notifications.toast);
  await expect(told).toContainText(/^Option (won|lost|refunded)/, {
    timeout: shortest.seconds * 1000 + 30_000,
  });
  await expect(told).toContainText(/opened at [\d,]+\.\d+, closed at [\d,]+\.\d+/);
  // The history shows it with both prices.
  await expect(page.getByTestId(TID.options.list('open'))).toContainText(
    text(en, 'options.noOpen'),
    { timeout: shortest.seconds * 1000 + 30_000 },
  );
  await page.getByTestId(TID.options.tab('settled')).click();
  const settled = page.locator('[data-testid^="option-order-"]').first();
  await expect(settled.getByTestId(TID.options.result)).toBeVisible();
  await settled.click();
  await expect(page).toHaveURL(/option\/detail\?id=\d+/);
  await expect(page.getByTestId(TID.options.openPrice)).toHaveText(PRICE);
  await expect(page.getByTestId(TID.options.closePrice)).toHaveText(PRICE);
  await expect(page.getByTestId(TID.options.profit)).toHaveText(
    /^(\+\d+\.\d{4}|-10\.0000|0\.0000) USDT$/,
  );
  const detail = new URL(page.url()).hash.slice(1);
  for (const theme of ['light', 'dark'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    await open(page, detail);
    await expect(page.getByTestId(TID.options.closePrice)).toBeVisible();
    await snapshot(page, 'options-detail');
    await open(page, '/pages/option/detail2');
    await expect(page.getByTestId(TID.options.chart)).toBeVisible();
    await page.getByTestId(TID.options.tab('settled')).click();
    await expect(page.locator('[data-testid^="option-order-"]').first()).toBeVisible();
    await snapshot(page, 'options-tab');
  }

  // In Spanish: prices grouped the Spanish way, the even sheet's warning translated.
  await page.evaluate(() => localStorage.setItem('hx.lang', 'esp'));
  await open(page, '/pages/option/detail2');
  await page.reload();
  await expect(page.getByTestId(TID.options.price)).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await expect(page.getByTestId(TID.options.chart)).toHaveAttribute('data-state', 'ready');
  const themes = async (name: string) => {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate(
        (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
        theme,
      );
      await snapshot(page, name);
    }
  };
  await themes('options-esp');
  await page.getByTestId(TID.options.buy('even')).click();
  await expect(page.getByTestId(TID.options.evenNote)).toHaveText(text(esp, 'options.evenNote'));
  await themes('options-even-esp');
  await page.evaluate(() => localStorage.setItem('hx.lang', 'en'));
  await expectBooksBalanced(request);
});
