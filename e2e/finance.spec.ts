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
  setTheme,
} from './support.ts';

const en = messages('en');

test('buy a product, see it under hosting, redeem early with the penalty shown', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'finance');
  await logIn(page, me.email, me.password);
  await depositUsdt(request, me, '1000');
  await moveUsdt(request, me, 'trust', '1000');
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
