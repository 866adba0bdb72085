import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TID, latestCode, messages, open, png, snapshot, text, uniqueEmail } from './support.ts';

const en = messages('en');

/** Registers through the API and opens the app with that session. */
async function register(page: Page, request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('finance');
  await request.post('/api/sms_mail', { form: { email, scene: 'register' } });
  const code = await latestCode(request, email);
  const response = await request.post('/api/user/register', {
    form: {
      account: email,
      code,
      password: 'finance-secret',
      re_password: 'finance-secret',
      agree: '1',
    },
  });
  expect(response.ok()).toBe(true);
  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(email);
  await page.getByTestId(TID.login.password).fill('finance-secret');
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
  return (await response.json()).message.token as string;
}

/** `amount` USDT deposited (operator pass) and moved to the finance (trust) account. */
async function fund(request: APIRequestContext, token: string, amount: string) {
  const headers = { Authorization: token };
  const upload = await request.post('/api/upload', {
    headers,
    multipart: { file: { name: 'voucher.png', mimeType: 'image/png', buffer: png() } },
  });
  const voucher: string = (await upload.json()).message.url;
  const charge = await request.post('/api/wallet/charge_req', {
    headers,
    form: { currency_id: '3', network: 'TRC20', number: amount, voucher },
  });
  const id: number = (await charge.json()).message.id;
  const login = await request.post('/api/admin/login', {
    form: { email: 'admin@demo.local', password: 'admin123456' },
  });
  const admin: string = (await login.json()).message.token;
  const pass = await request.post(`/api/admin/deposits/${id}/pass`, {
    headers: { Authorization: admin },
  });
  expect(pass.ok()).toBe(true);
  const move = await request.post('/api/wallet/change', {
    headers,
    form: { from: 'currency', to: 'trust', currency_id: '3', number: amount },
  });
  expect(move.ok()).toBe(true);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme(theme)).click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', theme);
}

test('buy a product, see it under hosting, redeem early with the penalty shown', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await register(page, request);
  await fund(request, token, '1000');
  const products: { id: number; name: string }[] = (
    await (await request.get('/api/lh/deposit/product_info')).json()
  ).message;
  const product = products.find((p) => p.name === 'USDT 15-day')!;

  // The finance tab: totals and the product cards.
  await page.getByTestId(TID.tab.finance).click();
  await expect(page.getByTestId(TID.finance.invested)).toHaveText('0.00');
  await page.getByTestId(TID.finance.product(product.id)).click();

  // Buy 500 at 0.4% a day for 15 days.
  await expect(page.getByTestId(TID.finance.buy.available)).toHaveText(
    'Finance account: 1,000.0000 USDT',
  );
  await page.getByTestId(TID.finance.buy.amount).fill('500');
  await expect(page.getByTestId(TID.finance.buy.daily)).toHaveText('2.0000 USDT');
  await expect(page.getByTestId(TID.finance.buy.total)).toHaveText('30.0000 USDT');
  await page.getByTestId(TID.finance.buy.submit).click();
  await expect(page.getByTestId(TID.finance.buy.error)).toHaveText(
    'Please read and accept the financial service agreement',
  );
  await page.getByTestId(TID.finance.buy.agree).locator('.adm-checkbox-icon').click();
  await page.getByTestId(TID.finance.buy.submit).click();

  // Under hosting.
  await expect(page).toHaveURL(/ordersPage\?status=custody/);
  const order = page.locator('[data-testid^="finance-order-"]').first();
  await expect(order).toBeVisible();
  const id = Number((await order.getAttribute('data-testid'))!.replace('finance-order-', ''));
  await expect(page.getByTestId(TID.finance.orderField(id, 'amount'))).toHaveText('500.0000 USDT');
  await expect(page.getByTestId(TID.finance.orderField(id, 'days-left'))).toHaveText('15 days');

  // The tab shows what is in custody.
  await page.getByTestId(TID.navBack).click();
  await open(page, '/pages/template/index');
  await expect(page.getByTestId(TID.finance.invested)).toHaveText('500.00');

  // Redeem early: 0.6% (1.5 × 0.4%) × 15 days × 500 = 45, shown before confirming.
  await open(page, '/pages/finance/ordersPage');
  await page.getByTestId(TID.finance.redeem(id)).click();
  await expect(page.getByTestId(TID.finance.redeemPenalty)).toHaveText(
    '15 days are left, so the penalty is 45.0000 USDT and 455.0000 USDT returns to your finance account. Interest already paid stays yours.',
  );
  await snapshot(page, 'finance-redeem');
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'finance.redeemConfirm'), exact: true })
    .click();
  await expect(page.getByText('Redeemed: 455.0000 USDT returned')).toBeVisible();
  await page.getByTestId(TID.finance.tab('redeemed')).click();
  await expect(page.getByTestId(TID.finance.orderField(id, 'penalty'))).toHaveText('45.0000 USDT');
  await expect(page.getByTestId(TID.finance.orderField(id, 'returned'))).toHaveText(
    '455.0000 USDT',
  );

  // The rules with the spec's worked examples.
  await open(page, '/pages/finance/rulePage');
  await expect(page.getByTestId(TID.finance.ruleInterest)).toHaveText(
    'Example: 0.4% a day on 10,000 gives 40 a day, 600 over 15 days.',
  );
  await expect(page.getByTestId(TID.finance.rulePenalty)).toHaveText(
    'Example: a ratio of 0.4% with 3 days left on 1,000 gives a penalty of 12.',
  );

  // Screenshots in both themes.
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    const pages = {
      tab: '/pages/template/index',
      products: '/pages/finance/index',
      buy: `/pages/finance/buyPage?id=${product.id}`,
      orders: '/pages/finance/ordersPage?status=redeemed',
      rules: '/pages/finance/rulePage',
    };
    for (const [name, route] of Object.entries(pages)) {
      await open(page, route);
      await page.waitForLoadState('networkidle');
      await snapshot(page, `finance-${name}`);
    }
  }
});
