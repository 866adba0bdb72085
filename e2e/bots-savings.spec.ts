import { expect, test } from './fixtures.ts';
import { TID, depositUsdt, expectBooksBalanced, logIn, open, registerByApi } from './support.ts';

const USDT = 3;

test('subscribe USDT to flexible savings on the finance tab and redeem part of it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'savings');
  await depositUsdt(request, me, '1000');
  await logIn(page, me.email, me.password);
  await open(page, '/pages/template/index');

  // Demo terms: 5% a year up to 10,000 USDT, 2% above.
  const card = page.getByTestId(TID.savings.card(USDT));
  await expect(card).toContainText('5%');
  await expect(card).toContainText('Up to 10,000');
  await page.getByTestId(TID.savings.subscribe(USDT)).click();
  await page.getByTestId(TID.savings.sheet.amount).fill('600');
  await page.getByTestId(TID.savings.sheet.submit).click();
  await expect(page.getByTestId(TID.savings.holding(USDT))).toHaveText('600.0000 USDT');

  await page.getByTestId(TID.savings.redeem(USDT)).click();
  await page.getByTestId(TID.savings.sheet.amount).fill('100');
  await page.getByTestId(TID.savings.sheet.submit).click();
  await expect(page.getByTestId(TID.savings.holding(USDT))).toHaveText('500.0000 USDT');

  const list = await request.post('/api/wallet/list', { headers: me.headers });
  const usdt = (await list.json()).message.savings.find(
    (c: { currency_id: number }) => c.currency_id === USDT,
  );
  expect(usdt.available).toBe('500.0000');
  await expectBooksBalanced(request);
});
