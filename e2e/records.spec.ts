import { expect, test } from './fixtures.ts';
import {
  snapshotThemes,
  TID,
  depositUsdt,
  expectBooksBalanced,
  FUND_PASSWORD,
  messages,
  moveUsdt,
  open,
  operator,
  readyToWithdraw,
  registerByApi,
  signIn,
  text,
  TRC20_ADDRESS,
} from './support.ts';

/**
 * The asset records speak the user's language: one line per thing done (a withdrawal with its
 * review state, never its ledger postings), filters by what was done, and a detail for each.
 */
const en = messages('en');
const MINUS = '\u2212';

test('a withdrawal request is one record that opens its detail; filters by what was done', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, 'records');
  await depositUsdt(request, user, '100');
  await moveUsdt(request, user, 'options', '30');
  const addressId = await readyToWithdraw(request, user);
  const asked = await request.post('/api/wallet/out', {
    headers: user.headers,
    form: {
      currency_id: '3',
      address_id: String(addressId),
      number: '20.5',
      pay_password: FUND_PASSWORD,
    },
  });
  expect(asked.ok()).toBe(true);
  const id: number = (await asked.json()).message.id;
  // A conversion once the market has recorded a BTC price (a fresh server back-fills first).
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/wallet/exchange', {
            headers: user.headers,
            form: { from_currency_id: '3', to_currency_id: '1', number: '10' },
          })
        ).ok(),
      { timeout: 60_000 },
    )
    .toBe(true);

  // One line per action: the withdrawal, the transfer and the deposit. No ledger internals.
  await signIn(page, user);
  await open(page, '/pages/assets/record');
  await expect(page.locator('[data-testid^="records-filter-"]')).toHaveCount(7);
  await expect(page.getByTestId(TID.records.filter('all'))).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const lines = page.locator('.hx-records > li');
  await expect(lines).toHaveCount(4);
  const conversion = lines.first();
  await expect(conversion).toContainText('USDT → BTC');
  await expect(conversion).toContainText(`${MINUS}10.0000 USDT`);
  const line = page.getByTestId(TID.records.item('withdraw', id));
  await expect(page.locator('[data-testid^="record-withdraw-"]')).toHaveCount(1);
  await expect(line).toContainText(text(en, 'records.kinds.withdraw'));
  await expect(line).toContainText('TRC20');
  await expect(line).toContainText(`${MINUS}20.5000 USDT`);
  await expect(page.getByTestId(TID.records.status('withdraw', id))).toHaveText(
    text(en, 'money.status.review'),
  );
  await expect(lines.nth(2)).toContainText(
    `${text(en, 'money.accounts.currency')} → ${text(en, 'money.accounts.options')}`,
  );
  await expect(lines.nth(3)).toContainText('+100.0000 USDT');
  await expect(page.getByText('Withdrawal frozen')).toHaveCount(0);
  await snapshotThemes(page, 'records-list', TID.records.item('withdraw', id));

  // Its detail: what, the signed amount, the state, fee, what arrives, where to, time, id.
  await line.click();
  await expect(page).toHaveURL(new RegExp(`assets/recordDetail\\?kind=withdraw&id=${id}$`));
  await expect(page.getByTestId(TID.records.detail.amount)).toHaveText(`${MINUS}20.5000 USDT`);
  await expect(page.getByTestId(TID.records.detail.status)).toHaveText(
    text(en, 'money.status.review'),
  );
  await expect(page.getByTestId(TID.records.detail.row('fee'))).toContainText('1.0000 USDT');
  await expect(page.getByTestId(TID.records.detail.row('receive'))).toContainText('19.5000 USDT');
  await expect(page.getByTestId(TID.records.detail.row('address'))).toContainText(TRC20_ADDRESS);
  await expect(page.getByTestId(TID.records.detail.row('id'))).toHaveText(`#${id}`);
  await expect(page.getByTestId(TID.records.detail.row('time'))).toHaveText(/\d{2}:\d{2}:\d{2}$/);
  await snapshotThemes(page, 'records-detail-withdraw', TID.records.detail.amount);

  // The operator rejects it: the same line says so, the detail gives the reason.
  const ops = await operator(request);
  const rejected = await request.post(`/api/admin/withdrawals/${id}/reject`, {
    headers: ops,
    form: { reason: 'Address check failed' },
  });
  expect(rejected.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId(TID.records.detail.status)).toHaveText(
    text(en, 'money.status.rejected'),
  );
  await expect(page.getByTestId(TID.records.detail.reason)).toHaveText(
    'Reason: Address check failed',
  );
  await snapshotThemes(page, 'records-detail-withdraw-rejected', TID.records.detail.reason);

  // The side menu's filters; a deposit opens its own detail too.
  await open(page, '/pages/assets/record?type=withdraw');
  await expect(page.getByTestId(TID.records.filter('withdraw'))).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId(TID.records.status('withdraw', id))).toHaveText(
    text(en, 'money.status.rejected'),
  );
  await snapshotThemes(page, 'records-list-withdrawals', TID.records.item('withdraw', id));
  await open(page, '/pages/assets/record?type=deposit');
  await expect(lines).toHaveCount(1);
  await page.locator('[data-testid^="record-deposit-"]').click();
  await expect(page).toHaveURL(/recordDetail\?kind=deposit&id=\d+$/);
  await expect(page.getByTestId(TID.records.detail.amount)).toHaveText('+100.0000 USDT');
  await expect(page.getByTestId(TID.records.detail.status)).toHaveText(
    text(en, 'money.status.passed'),
  );
  await expect(page.getByTestId(TID.records.detail.row('address'))).toBeVisible();
  await snapshotThemes(page, 'records-detail-deposit', TID.records.detail.amount);

  // Filters by what was done: transfers, and fees (none: the rejected withdrawal paid none).
  await open(page, '/pages/assets/record');
  await page.getByTestId(TID.records.filter('transfer')).click();
  await expect(page).toHaveURL(/record\?type=transfer$/);
  await expect(lines).toHaveCount(2);
  await page.locator('[data-testid^="record-convert-"]').click();
  await expect(page.getByTestId(TID.records.detail.row('paid'))).toContainText(
    `${MINUS}10.0000 USDT`,
  );
  await expect(page.getByTestId(TID.records.detail.row('fee'))).toContainText('BTC');
  await snapshotThemes(page, 'records-detail-convert', TID.records.detail.amount);
  await page.goBack();
  // Fees: the conversion's only (the rejected withdrawal paid none), linked to it.
  await page.getByTestId(TID.records.filter('fee')).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(text(en, 'records.kinds.convert_fee'));

  // Someone else's record, or none: not found, with the way back to the records.
  await open(page, `/pages/assets/recordDetail?kind=withdraw&id=${id + 1000}`);
  await expect(page.getByTestId(TID.missing.notFound)).toContainText(text(en, 'records.notFound'));
  await expectBooksBalanced(request);
});
