import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  signIn,
  depositUsdt,
} from './support.ts';

const en = messages('en');

/** "0.00154321 BTC" → 0.00154321 (for comparing quotes, never for money). */
const amountIn = (shown: string) => Number(shown.replace(/[^\d.]/g, ''));

async function waitForQuote(page: Page) {
  // The simulated market starts a little after the server: the quote comes when it has prices.
  await expect(page.getByTestId(TID.conversion.quote)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId(TID.conversion.row.receive)).toHaveText(/^[\d,.]+ BTC$/, {
    timeout: 30_000,
  });
}

test('a new user converts USDT to BTC at the quoted price, and cannot convert more than they have', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await registerByApi(request, 'convert');
  await signIn(page, me);
  await depositUsdt(request, me, '1000');

  // From the transfer page to the conversion page.
  await open(page, '/pages/transfer/index');
  await page.getByTestId(TID.transfer.conversion).click();
  await expect(page).toHaveURL(/transfer\/conversion/);
  await expect(page.getByRole('heading', { name: text(en, 'conversion.title') })).toBeVisible();
  await expect(page.getByTestId(TID.conversion.from)).toHaveText('USDT');
  await expect(page.getByTestId(TID.conversion.to)).toHaveText('BTC');
  await expect(page.getByTestId(TID.conversion.available)).toHaveText('Available: 1,000.0000 USDT');
  await expect(page.getByTestId(TID.conversion.toAvailable)).toHaveText(
    'Available: 0.00000000 BTC',
  );

  // Swapping, and picking the other side's coin, both swap the two.
  await page.getByTestId(TID.conversion.swap).click();
  await expect(page.getByTestId(TID.conversion.from)).toHaveText('BTC');
  await expect(page.getByTestId(TID.conversion.to)).toHaveText('USDT');
  await page.getByTestId(TID.conversion.to).click();
  await page.getByTestId(TID.picker.option('BTC')).click();
  await expect(page.getByTestId(TID.conversion.from)).toHaveText('USDT');
  await expect(page.getByTestId(TID.conversion.to)).toHaveText('BTC');

  // More than the balance is refused here, before anything is sent.
  await page.getByTestId(TID.conversion.amount).fill('1000.5');
  const insufficient = page.locator('.hx-field-error', {
    hasText: ERRORS.INSUFFICIENT_BALANCE.en,
  });
  await expect(insufficient).toBeVisible();
  await page.getByTestId(TID.conversion.submit).click();
  await expect(page.locator('.adm-dialog')).toHaveCount(0);

  // A live quote for 100 USDT.
  await page.getByTestId(TID.conversion.amount).fill('100');
  await expect(insufficient).toHaveCount(0);
  await waitForQuote(page);
  // Read as prices are: 1 BTC in USDT, though USDT is what is converted.
  await expect(page.getByTestId(TID.conversion.row.rate)).toHaveText(
    /^1 BTC = \d{1,3}(,\d{3})+\.\d{2,4} USDT$/,
  );
  await expect(page.getByTestId(TID.conversion.row.fee)).toHaveText(/^0\.\d{8} BTC \(0\.2%\)$/);
  await expect(page.getByTestId(TID.conversion.row.priceTime)).toHaveText(/\d{2}:\d{2}:\d{2}$/);
  await snapshot(page, 'conversion');

  // The confirmation repeats a fresh quote; the conversion credits what the server quoted then.
  await page.getByTestId(TID.conversion.submit).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog.getByTestId(TID.conversion.confirm.pay)).toHaveText('100.0000 USDT');
  const confirmed = await dialog.getByTestId(TID.conversion.confirm.receive).innerText();
  await expect(page.getByTestId(TID.conversion.row.receive)).toHaveText(confirmed);
  await snapshot(page, 'conversion-confirm');
  const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/wallet/exchange'));
  await dialog.getByRole('button', { name: text(en, 'conversion.submit') }).click();
  const result = (await (await exchanged).json()).message as { to_number: string };
  await expect(
    page.getByText(text(en, 'conversion.success').replace('{{amount}}', `${result.to_number} BTC`)),
  ).toBeVisible();
  // Prices move every second: what was credited is the quote at the moment of confirming.
  expect(Math.abs(Number(result.to_number) / amountIn(confirmed) - 1)).toBeLessThan(0.01);
  await expect(page.getByTestId(TID.conversion.toAvailable)).toHaveText(
    `Available: ${result.to_number} BTC`,
  );
  await expect(page.getByTestId(TID.conversion.available)).toHaveText('Available: 900.0000 USDT');
  await expect(page.getByTestId(TID.conversion.amount)).toHaveValue('');
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinAvailable('BTC'))).toHaveText(result.to_number);
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('900.0000');

  // The assets tab links here too; the page in the dark theme.
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme('dark')).click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await open(page, '/pages/assets/index');
  await expect(page.getByTestId(TID.assets.total)).not.toHaveText('--');
  await snapshot(page, 'conversion-assets');
  await page.getByTestId(TID.assets.quick('convert')).click();
  await expect(page).toHaveURL(/transfer\/conversion/);
  await page.getByTestId(TID.conversion.amount).fill('100');
  await waitForQuote(page);
  await snapshot(page, 'conversion');
});
