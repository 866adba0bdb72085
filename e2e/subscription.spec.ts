import { expect, test } from './fixtures.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  consoleAsAdmin,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  logIn,
  depositUsdt,
  consoleShot,
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

/** Local `YYYY-MM-DD HH:mm:ss`, as the console's date pickers take it. */
const local = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

test('an operator adds a project in the console, then rejects a subscription with a reason; the user gets the payment back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const me = await registerByApi(request, 'rejected');
  await depositUsdt(request, me, '500');

  // The operator, at a desktop size, adds the project ZETA with its token.
  const ops = await consoleAsAdmin(browser);
  await ops.getByTestId('nav-config').click();
  await ops.getByRole('tab', { name: 'Subscription projects' }).click();
  const tab = ops.getByRole('tabpanel', { name: 'Subscription projects' });
  await tab.getByRole('button', { name: 'Add' }).click();
  const modal = ops.locator('.ant-modal').filter({ hasText: 'Token decimals' });
  await expect(modal).toBeVisible();
  const now = Date.now();
  for (const [label, value] of [
    ['Token (e.g. ZETA: a new coin, or an unused existing one)', 'ZETA'],
    ['Token full name (e.g. Zeta Protocol)', 'Zeta Protocol'],
    ['Token decimals (0–18; never change later)', '4'],
    ['Issue price (USDT; fixed once anyone subscribed)', '0.25'],
    ['Pay coin ids, e.g. 3, 1 (3 = USDT, 1 = BTC, 2 = ETH; fixed once anyone subscribed)', '3'],
    ['Supply', '400000'],
    ['Minimum tokens per subscription', '10'],
    ['Lock days', '10'],
    ['Introduction per language (JSON)', '{"en": "Zeta settles payments in a second."}'],
  ] as const)
    await modal.getByLabel(label, { exact: true }).fill(value);
  for (const [label, at] of [
    ['Start', now - 3_600_000],
    ['Close (allocation)', now + 2 * 86_400_000],
    ['Launch', now + 4 * 86_400_000],
  ] as const) {
    const input = modal.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(local(at));
    await input.press('Enter');
    await expect(input).toHaveValue(local(at));
  }
  await consoleShot(ops, 'config-new-project');
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();
  const projectRow = tab.locator('tr.ant-table-row', { hasText: 'ZETA' });
  await expect(projectRow).toBeVisible();
  await consoleShot(ops, 'config-projects');

  // The user finds it among the subscribing projects at once and subscribes 200 USDT.
  await logIn(page, me.email, me.password);
  await open(page, '/pages/publication/index');
  await page.locator('.hx-records').getByTestId(TID.publication.project('ZETA')).click();
  await expect(page).toHaveURL(/publication\/details\?id=\d+/);
  // No market knows ZETA yet: the page shows the issue price.
  await expect(page.getByTestId(TID.publication.price)).toHaveText('0.25 USDT');
  await expect(page.getByTestId(TID.publication.introduction)).toContainText('Zeta settles');
  await snapshot(page, 'subscription-new-project');
  await page.getByTestId(TID.publication.subscribe).click();
  await page.getByTestId(TID.publication.amount).fill('200');
  await expect(page.getByTestId(TID.publication.estimate)).toContainText('800.0000 ZETA');
  await page.getByTestId(TID.publication.submit).click();
  await expect(page).toHaveURL(/publication\/records/);
  const record = page.locator('.hx-pub-record').first();
  const status = record.locator('[data-testid^="publication-record-status-"]');
  await expect(status).toHaveText(text(en, 'money.status.review'));

  // The operator rejects it with a reason.
  await ops.getByTestId('nav-subscriptions').click();
  const row = ops.locator('tr.ant-table-row', { hasText: me.email });
  await expect(row).toBeVisible();
  await consoleShot(ops, 'subscriptions-review');
  await row.getByRole('button', { name: 'Reject' }).click();
  await expect(ops.getByTestId('reject-confirm')).toBeDisabled();
  await ops.getByTestId('reject-reason').fill('The payment source could not be verified');
  await ops.getByTestId('reject-confirm').click();
  await expect(ops.locator('tr.ant-table-row', { hasText: me.email })).toHaveCount(0);
  await ops.locator('.ant-segmented-item', { hasText: 'rejected' }).click();
  await expect(ops.locator('tr.ant-table-row', { hasText: me.email })).toBeVisible();
  await expect(ops.getByText('The payment source could not be verified').first()).toBeVisible();
  await consoleShot(ops, 'subscriptions-rejected');

  // The user's open records page follows without a reload: rejected, with the reason.
  await expect(status).toHaveText(text(en, 'money.status.rejected'));
  const reason = record.locator('[data-testid^="publication-record-reason-"]');
  await expect(reason).toContainText(
    text(en, 'money.reason').replace('{{reason}}', 'The payment source could not be verified'),
  );
  await expect(reason).toContainText(text(en, 'publication.rejectedRefund'));
  await page.getByTestId(TID.publication.recordTab('rejected')).click();
  await expect(page.locator('.hx-pub-record')).toHaveCount(1);
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    await open(page, '/pages/publication/records?status=rejected');
    await expect(page.locator('.hx-pub-record')).toHaveCount(1);
    await snapshot(page, 'subscription-rejected');
  }

  // The payment is back in the available balance.
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('500.0000');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText('0.0000');
});
