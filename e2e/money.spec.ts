import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import {
  TID,
  messages,
  open,
  png,
  snapshot,
  text,
  renderedFrames,
  registerInApp,
} from './support.ts';

const en = messages('en');
/** A valid mainnet TRC20 address (the server's format tests accept it). */
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FUND_PASSWORD = '246810';

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: png() });
const ADDRESS_LABEL = 'My Ledger';

/**
 * A PNG of random pixels, as big as a phone photo: noise does not compress, so 1,400 × 1,400
 * RGB is over the 5 MB upload limit.
 */
function noisyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Array.from({ length: height }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const register = (page: Page, request: APIRequestContext) => registerInApp(page, request, 'money');

/**
 * Sends a code from the page and reads it from the outbox. A destination gets one code a minute,
 * so this presses "Send code" again until the server takes it.
 */
async function sendCode(
  page: Page,
  request: APIRequestContext,
  email: string,
  scene: string,
): Promise<string> {
  await expect(async () => {
    await page.getByTestId(TID.sendCode).click();
    await expect(page.getByTestId(TID.demoCode)).toBeVisible({ timeout: 3000 });
  }).toPass({ intervals: [5000], timeout: 75_000 });
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const list: { scene: string; code: string }[] = (await response.json()).message.list;
  const code = list.find((m) => m.scene === scene)?.code;
  expect(code).toBeTruthy();
  return code!;
}

/** The operator's API, as the console will use it. */
async function operator(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', {
    form: { email: 'admin@demo.local', password: 'admin123456' },
  });
  const token: string = (await login.json()).message.token;
  const headers = { Authorization: token };
  const pending = async (queue: string, account: string): Promise<number> => {
    let id: number | undefined;
    await expect
      .poll(async () => {
        const response = await request.get(`/api/admin/${queue}?status=review&limit=100`, {
          headers,
        });
        const list: { id: number; account: string }[] = (await response.json()).message.list;
        id = list.find((item) => item.account === account)?.id;
        return id;
      })
      .toBeTruthy();
    return id!;
  };
  const decide = async (queue: string, account: string, verdict: 'pass' | 'reject') => {
    const id = await pending(queue, account);
    const response = await request.post(`/api/admin/${queue}/${id}/${verdict}`, {
      headers,
      form: verdict === 'reject' ? { reason: 'Address check failed' } : {},
    });
    expect(response.ok()).toBe(true);
  };
  return { decide };
}

/** A request as the logged-in user of the page (their token from the session). */
async function asUser(page: Page, path: string, form: Record<string, string>) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('hx.session') ?? '{}').token as string,
  );
  return page.request.post(path, { headers: { Authorization: token }, form });
}

/** A toast or inline message with the catalogue's English text. */
const message = (page: Page, code: keyof typeof ERRORS, params: Record<string, string> = {}) =>
  page
    .getByText(ERRORS[code].en.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? ''))
    .first();

/** The withdrawal's confirmation sheet repeats where to, the network, the amount, fee and arrival. */
async function expectWithdrawSheet(page: Page) {
  const sheet = page.getByTestId(TID.withdraw.sheet.root);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading')).toHaveText(text(en, 'withdraw.confirmTitle'));
  await expect(page.getByTestId(TID.withdraw.sheet.label)).toHaveText(ADDRESS_LABEL);
  await expect(page.getByTestId(TID.withdraw.sheet.address)).toHaveText(TRC20_ADDRESS);
  await expect(page.getByTestId(TID.withdraw.sheet.network)).toHaveText('TRC20');
  await expect(page.getByTestId(TID.withdraw.sheet.amount)).toHaveText('20.5000 USDT');
  await expect(page.getByTestId(TID.withdraw.sheet.fee)).toHaveText('1.0000 USDT');
  await expect(page.getByTestId(TID.withdraw.sheet.receive)).toHaveText('19.5000 USDT');
}

test('a new user deposits, transfers, verifies, sets a fund password, adds an address and withdraws', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = await register(page, request);
  const ops = await operator(request);

  // An empty wallet.
  await page.getByTestId(TID.tab.assets).click();
  await expect(page.getByTestId(TID.assets.total)).toHaveText('$0.00');

  // Deposit USDT over TRC20: the address with its QR code, then the proof.
  await page.getByTestId(TID.assets.quick('deposit')).click();
  await expect(page.getByTestId(TID.deposit.coin)).toHaveText('USDT');
  await page.getByTestId(TID.deposit.network('TRC20')).click();
  await expect(page.getByTestId(TID.deposit.address)).toHaveText(/^T\w{33}$/);
  await expect(page.getByTestId(TID.deposit.qr)).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId(TID.deposit.qr).locator('img')).toBeVisible();
  await page.getByTestId(TID.deposit.copy).click();
  await expect(
    page.getByText(new RegExp(`^(${text(en, 'common.copied')}|${text(en, 'common.copyFailed')})$`)),
  ).toBeVisible();
  await page.getByTestId(TID.deposit.paid).click();
  await expect(page).toHaveURL(/deposit\/charge\?currency_id=3&network=TRC20/);
  await expect(page.getByTestId(TID.deposit.min)).toHaveText('Minimum: 1.0000 USDT');
  await page.getByTestId(TID.deposit.submit).click();
  await expect(message(page, 'AMOUNT_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.deposit.amount).fill('0.5');
  await page.getByTestId(TID.deposit.submit).click();
  await expect(message(page, 'DEPOSIT_BELOW_MIN', { min: '1.0000', coin: 'USDT' })).toBeVisible();
  await page.getByTestId(TID.deposit.amount).fill('100');
  await page.getByTestId(TID.deposit.submit).click();
  await expect(message(page, 'VOUCHER_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.deposit.voucher).setInputFiles(image('voucher.png'));
  await expect(page.locator('.hx-image-preview')).toBeVisible();
  await page.getByTestId(TID.deposit.submit).click();
  await expect(page).toHaveURL(/assets\/record\?type=deposit/);
  await expect(page.locator('[data-testid^="record-status-"]').first()).toHaveText(
    text(en, 'money.status.review'),
  );

  // The operator passes it; the records and the balance follow.
  await ops.decide('deposits', email, 'pass');
  await page.reload();
  await expect(page.locator('[data-testid^="record-status-"]').first()).toHaveText(
    text(en, 'money.status.passed'),
  );
  await open(page, '/pages/assets/index');
  await expect(page.getByTestId(TID.assets.total)).toHaveText('$100.00');
  await expect(page.getByTestId(TID.assets.cardTotal('currency'))).toHaveText('$100.00');
  await page.getByTestId(TID.assets.card('currency')).click();
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('100.0000');

  // Transfer to the options account: empty, too much (checked here), too much (as the server
  // finds it when the balance changed meanwhile), then a real one.
  await open(page, '/pages/transfer/index');
  await expect(page.getByRole('heading', { name: text(en, 'transfer.title') })).toBeVisible();
  await expect(page.getByTestId(TID.transfer.from)).toHaveText(text(en, 'money.accounts.currency'));
  await expect(page.getByTestId(TID.transfer.to)).toHaveText(text(en, 'money.accounts.options'));
  await expect(page.getByTestId(TID.transfer.available)).toHaveText('Available: 100.0000 USDT');
  await page.getByTestId(TID.transfer.submit).click();
  await expect(message(page, 'AMOUNT_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.transfer.amount).fill('100.5');
  await page.getByTestId(TID.transfer.submit).click();
  await expect(message(page, 'INSUFFICIENT_BALANCE')).toBeVisible();
  const away = { from: 'currency', to: 'trust', currency_id: '3', number: '80' };
  expect((await asUser(page, '/api/wallet/change', away)).ok()).toBe(true);
  await page.getByTestId(TID.transfer.amount).fill('50');
  await page.getByTestId(TID.transfer.submit).click();
  await expect(
    page.locator('.hx-field-error', { hasText: ERRORS.INSUFFICIENT_BALANCE.en }),
  ).toBeVisible();
  const back = { from: 'trust', to: 'currency', currency_id: '3', number: '80' };
  expect((await asUser(page, '/api/wallet/change', back)).ok()).toBe(true);
  await page.reload();
  await page.getByTestId(TID.transfer.swap).click();
  await expect(page.getByTestId(TID.transfer.from)).toHaveText(text(en, 'money.accounts.options'));
  await page.getByTestId(TID.transfer.swap).click();
  await page.getByTestId(TID.transfer.amount).fill('30');
  await page.getByTestId(TID.transfer.submit).click();
  await expect(page.getByText(text(en, 'transfer.success'))).toBeVisible();
  await expect(page.getByTestId(TID.transfer.available)).toHaveText('Available: 70.0000 USDT');
  await page.getByTestId(TID.transfer.records).click();
  await expect(page.locator('[data-testid^="record-transfer-"]')).toHaveCount(3);
  await open(page, '/pages/assets/tradeAccount?account=options');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('30.0000');

  // Withdrawing needs three things first, each with its own message and way there.
  await open(page, '/pages/withdraw/index');
  await expect(page.getByTestId(TID.prerequisite('kyc'))).toContainText(ERRORS.KYC_REQUIRED.en);
  await expect(page.getByTestId(TID.prerequisite('payPassword'))).toContainText(
    ERRORS.PAY_PASSWORD_NOT_SET.en,
  );
  await expect(page.getByTestId(TID.prerequisite('address'))).toContainText(
    ERRORS.ADDRESS_REQUIRED.en,
  );
  await page.getByTestId(TID.withdraw.submit).click();
  await expect(page.getByTestId(TID.withdraw.error)).toHaveText(ERRORS.KYC_REQUIRED.en);

  // Basic verification, passed by the operator.
  await page.getByTestId(TID.prerequisite('kyc')).getByRole('button').click();
  await expect(page).toHaveURL(/verification\/index/);
  await expect(page.getByTestId(TID.verification.status('basic'))).toHaveText(
    text(en, 'money.status.unverified'),
  );
  await expect(page.getByTestId(TID.verification.go('advanced'))).toBeDisabled();
  await page.getByTestId(TID.verification.go('basic')).click();
  await page.getByTestId(TID.verification.submitBasic).click();
  await expect(message(page, 'COUNTRY_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.verification.country).click();
  await page.getByTestId(TID.picker.search).fill('Japan');
  await page.getByTestId(TID.picker.option('JP')).click();
  await page.getByTestId(TID.verification.submitBasic).click();
  await expect(message(page, 'REAL_NAME_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.verification.name).fill('Hanako Yamada');
  await page.getByTestId(TID.verification.submitBasic).click();
  await expect(message(page, 'ID_NUMBER_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.verification.idNumber).fill('TK1234567');
  await page.getByTestId(TID.verification.submitBasic).click();
  await expect(page.getByTestId(TID.verification.status('basic'))).toHaveText(
    text(en, 'money.status.review'),
  );
  await ops.decide('kyc', email, 'pass');
  await page.reload();
  await expect(page.getByTestId(TID.verification.status('basic'))).toHaveText(
    text(en, 'money.status.verified'),
  );
  await expect(page.getByTestId(TID.verification.go('advanced'))).toBeEnabled();

  // The fund password, from the security centre, with the code from the outbox.
  await open(page, '/pages/settings/security/index');
  await page.getByTestId(TID.security.fundPassword).click();
  await page.getByTestId(TID.payPassword.password).fill(FUND_PASSWORD);
  await page.getByTestId(TID.payPassword.repeat).fill('246811');
  await page.getByTestId(TID.payPassword.submit).click();
  await expect(message(page, 'PAY_PASSWORD_MISMATCH')).toBeVisible();
  // Said once, beside the repeated fund password (not toasted as well).
  await renderedFrames(page);
  await expect(page.getByText(ERRORS.PAY_PASSWORD_MISMATCH.en)).toHaveCount(1);
  await page.getByTestId(TID.payPassword.repeat).fill(FUND_PASSWORD);
  const securityCode = await sendCode(page, request, email, 'security');
  await page.getByTestId(TID.payPassword.code).fill(securityCode);
  await page.getByTestId(TID.payPassword.submit).click();
  // Saved: back in the security centre, which says so (the toast may be gone on a busy machine).
  await expect(page.getByTestId(TID.security.fundPassword)).toHaveAttribute('data-state', 'on');

  // A withdraw address, from the withdraw page's prompt: a bad checksum first.
  await open(page, '/pages/withdraw/index');
  await expect(page.getByTestId(TID.prerequisite('kyc'))).toHaveCount(0);
  await expect(page.getByTestId(TID.prerequisite('payPassword'))).toHaveCount(0);
  await page.getByTestId(TID.prerequisite('address')).getByRole('button').click();
  await expect(page.getByTestId(TID.address.create.coin)).toHaveText('USDT');
  await page.getByTestId(TID.address.create.network('TRC20')).click();
  await page.getByTestId(TID.address.create.address).fill(TRC20_ADDRESS.replace(/t$/, 'u'));
  await page.getByTestId(TID.address.create.password).fill(FUND_PASSWORD);
  const addressCode = await sendCode(page, request, email, 'address');
  await page.getByTestId(TID.address.create.code).fill(addressCode);
  await page.getByTestId(TID.address.create.submit).click();
  await expect(message(page, 'ADDRESS_INVALID', { network: 'TRC20' })).toBeVisible();
  await page.getByTestId(TID.address.create.address).fill(TRC20_ADDRESS);
  // A label of the user's own, saved trimmed.
  await page.getByTestId(TID.address.create.label).fill(`  ${ADDRESS_LABEL}  `);
  await page.getByTestId(TID.address.create.submit).click();
  await expect(page).toHaveURL(/withdraw\/index/);

  // Withdraw: the checks, then a request the operator rejects.
  await expect(page.getByTestId(TID.prerequisite('address'))).toHaveCount(0);
  await expect(page.getByTestId(TID.withdraw.address)).toContainText(TRC20_ADDRESS);
  // The choice shows the label above the address.
  await expect(page.getByTestId(TID.withdraw.address).locator('.hx-address-label')).toHaveText(
    ADDRESS_LABEL,
  );
  await expect(page.getByTestId(TID.withdraw.available)).toHaveText('Available: 70.0000 USDT');
  await expect(page.getByTestId(TID.withdraw.today)).toHaveText('Withdrawals today: 0 of 3');
  await page.getByTestId(TID.withdraw.submit).click();
  await expect(message(page, 'AMOUNT_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.withdraw.amount).fill('5');
  await page.getByTestId(TID.withdraw.submit).click();
  await expect(message(page, 'WITHDRAW_BELOW_MIN', { min: '10.0000', coin: 'USDT' })).toBeVisible();
  await page.getByTestId(TID.withdraw.amount).fill('70.0001');
  await page.getByTestId(TID.withdraw.submit).click();
  await expect(message(page, 'INSUFFICIENT_BALANCE')).toBeVisible();
  await page.getByTestId(TID.withdraw.amount).fill('20.5');
  await expect(page.getByTestId(TID.withdraw.fee)).toHaveText('1.0000 USDT');
  await expect(page.getByTestId(TID.withdraw.receive)).toHaveText('19.5000 USDT');
  await page.getByTestId(TID.withdraw.submit).click();
  await expect(message(page, 'PAY_PASSWORD_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.withdraw.password).fill(FUND_PASSWORD);
  // Nothing is sent before the confirmation sheet's Confirm.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/wallet/out')) sent.push(r.method());
  });
  await page.getByTestId(TID.withdraw.submit).click();
  const sheet = page.getByTestId(TID.withdraw.sheet.root);
  await expectWithdrawSheet(page);
  await page.getByTestId(TID.withdraw.sheet.cancel).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/withdraw\/index/);
  await expect(page.getByTestId(TID.withdraw.available)).toHaveText('Available: 70.0000 USDT');
  expect(sent).toEqual([]);
  await page.getByTestId(TID.withdraw.submit).click();
  await expectWithdrawSheet(page);
  await page.getByTestId(TID.withdraw.sheet.confirm).click();
  await expect(page).toHaveURL(/withdraw\/detail\?id=\d+/);
  expect(sent).toEqual(['POST']);
  await expect(page.getByTestId(TID.withdraw.detailStatus)).toHaveText(
    text(en, 'money.status.review'),
  );
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('49.5000');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText('20.5000');

  // The request is one line of the records (not its ledger postings), under review; the line
  // opens its detail.
  await open(page, '/pages/assets/record');
  const withdrawal = page.locator('[data-testid^="record-withdraw-"]');
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText(text(en, 'records.kinds.withdraw'));
  await expect(withdrawal).toContainText('\u221220.5000 USDT');
  await expect(withdrawal).toContainText(text(en, 'money.status.review'));
  await withdrawal.click();
  await expect(page).toHaveURL(/assets\/recordDetail\?kind=withdraw&id=\d+/);
  await expect(page.getByTestId(TID.records.detail.amount)).toHaveText('\u221220.5000 USDT');
  await expect(page.getByTestId(TID.records.detail.status)).toHaveText(
    text(en, 'money.status.review'),
  );

  await ops.decide('withdrawals', email, 'reject');
  await open(page, '/pages/assets/record?type=withdraw');
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText(text(en, 'money.status.rejected'));
  await withdrawal.click();
  await expect(page.getByTestId(TID.records.detail.reason)).toHaveText(
    'Reason: Address check failed',
  );
  await open(page, '/pages/assets/tradeAccount?account=currency');
  await expect(page.getByTestId(TID.assets.coinAvailable('USDT'))).toHaveText('70.0000');
  await expect(page.getByTestId(TID.assets.coinFrozen('USDT'))).toHaveText('0.0000');

  // Every action is one line: the deposit, the three transfers and the withdrawal.
  await open(page, '/pages/assets/record');
  await expect(page.locator('.hx-records > li')).toHaveCount(5);
  await page.getByTestId(TID.records.filter('transfer')).click();
  await expect(page.locator('[data-testid^="record-transfer-"]')).toHaveCount(3);
  await expect(page.locator('.hx-records > li')).toHaveCount(3);

  // The address list shows the label above the address; it can be renamed there.
  await open(page, '/pages/user/address/address?currency_id=3');
  const saved = page.locator('[data-testid^="address-label-"]');
  await expect(saved).toHaveText(ADDRESS_LABEL);
  await page.locator('[data-testid^="address-rename-"]').click();
  await expect(page.getByTestId(TID.address.renameInput)).toHaveValue(ADDRESS_LABEL);
  await page.getByTestId(TID.address.renameInput).fill('Ledger Nano');
  await page.getByTestId(TID.address.renameSave).click();
  await expect(page.getByText(text(en, 'address.renamed'))).toBeVisible();
  await expect(saved).toHaveText('Ledger Nano');
  await page.locator('[data-testid^="address-rename-"]').click();
  await page.getByTestId(TID.address.renameInput).fill(ADDRESS_LABEL);
  await page.getByTestId(TID.address.renameSave).click();
  await expect(saved).toHaveText(ADDRESS_LABEL);

  // Screenshots in both themes.
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    const pages = {
      assets: '/pages/assets/index',
      deposit: '/pages/deposit/index',
      withdraw: '/pages/withdraw/index',
      verification: '/pages/verification/index',
      records: '/pages/assets/record?type=withdraw',
      addresses: '/pages/user/address/address?currency_id=3',
    };
    for (const [name, route] of Object.entries(pages)) {
      await open(page, route);
      await page.waitForLoadState('networkidle');
      if (name === 'deposit')
        await expect(page.getByTestId(TID.deposit.qr)).toHaveAttribute('data-ready', 'true');
      await snapshot(page, `money-${name}`);
    }
    // The confirmation sheet (cancelled: nothing is sent).
    await open(page, '/pages/withdraw/index');
    await page.getByTestId(TID.withdraw.amount).fill('20.5');
    await page.getByTestId(TID.withdraw.password).fill(FUND_PASSWORD);
    await page.getByTestId(TID.withdraw.submit).click();
    await expectWithdrawSheet(page);
    await snapshot(page, 'money-withdraw-sheet');
    await page.getByTestId(TID.withdraw.sheet.cancel).click();
  }
  expect(sent).toEqual(['POST']);
});

test('bank cards, the address book behind the fund password, and a visitor on the assets tab', async ({
  page,
  request,
}) => {
  await open(page, '/pages/assets/index');
  await page.getByTestId(TID.assets.login).click();
  await expect(page).toHaveURL(/login\/login\?redirect=/);

  const email = await register(page, request);
  await open(page, '/pages/user/address/index');
  await expect(page.getByTestId(TID.prerequisite('payPassword'))).toContainText(
    ERRORS.PAY_PASSWORD_NOT_SET.en,
  );

  // Bank cards: every field is required, and the proof a new address takes; a card can be
  // added and deleted.
  await open(page, '/pages/withdraw/bank/bank');
  await expect(page.getByTestId(TID.prerequisite('bankCard'))).toBeVisible();
  await open(page, '/pages/bankbind/index');
  await page.getByTestId(TID.bank.add).click();
  // No fund password yet: the form says so and leads to setting one, then back.
  const noFundPassword = page.getByTestId(TID.prerequisite('payPassword'));
  await expect(noFundPassword).toContainText(ERRORS.PAY_PASSWORD_NOT_SET.en);
  await noFundPassword.getByRole('button').click();
  await page.getByTestId(TID.payPassword.password).fill(FUND_PASSWORD);
  await page.getByTestId(TID.payPassword.repeat).fill(FUND_PASSWORD);
  const securityCode = await sendCode(page, request, email, 'security');
  await page.getByTestId(TID.payPassword.code).fill(securityCode);
  await page.getByTestId(TID.payPassword.submit).click();
  await expect(page).toHaveURL(/bankbind\/addbank/);
  await expect(noFundPassword).toHaveCount(0);
  await page.getByTestId(TID.bank.submit).click();
  await expect(message(page, 'CARDHOLDER_REQUIRED')).toBeVisible();
  const card = {
    name: 'Hanako Yamada',
    card_number: 'DE89370400440532013000',
    depositary_bank: 'Demo Savings',
    branch: 'Main Street',
    bank_name: 'Demo Savings Bank',
    bank_address: '1 Bank Street, Berlin',
    swift_code: 'DEMODEFF',
    payee_address: '2 Home Street, Berlin',
  };
  for (const [field, value] of Object.entries(card))
    await page.getByTestId(TID.bank.field(field)).fill(value);
  await page.getByTestId(TID.bank.submit).click();
  await expect(message(page, 'ZIP_CODE_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.bank.field('zip_code')).fill('10115');
  await page.getByTestId(TID.bank.submit).click();
  await expect(message(page, 'PAY_PASSWORD_REQUIRED')).toBeVisible();
  await page.getByTestId(TID.bank.password).fill(FUND_PASSWORD);
  await page.getByTestId(TID.bank.submit).click();
  await expect(message(page, 'CODE_REQUIRED')).toBeVisible();
  const addressCode = await sendCode(page, request, email, 'address');
  // A wrong code is refused and saves nothing; the right one saves the card.
  await page.getByTestId(TID.bank.code).fill(addressCode === '000000' ? '111111' : '000000');
  await page.getByTestId(TID.bank.submit).click();
  await expect(message(page, 'CODE_INVALID')).toBeVisible();
  await expect(page).toHaveURL(/bankbind\/addbank/);
  await page.getByTestId(TID.bank.code).fill(addressCode);
  await page.getByTestId(TID.bank.submit).click();
  const saved = page.locator('[data-testid^="bank-card-"]:not([data-testid*="delete"])');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('**** 3000');
  await page.locator('[data-testid^="bank-card-delete-"]').click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'bank.delete') })
    .click();
  await expect(page.getByText(text(en, 'bank.empty'))).toBeVisible();

  // The card form's proof (its end, where the fund password and code are), in both themes.
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    await open(page, '/pages/bankbind/addbank');
    await page.getByTestId(TID.bank.submit).scrollIntoViewIfNeeded();
    await snapshot(page, 'money-bank-card');
  }

  // Too large a picture that cannot be scaled down (no image in it) is refused before it is sent.
  await open(page, '/pages/deposit/charge?currency_id=3&network=TRC20');
  const uploads: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/upload') && r.method() === 'POST')
      uploads.push(r.postDataBuffer()?.length ?? 0);
  });
  await page.getByTestId(TID.deposit.voucher).setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(message(page, 'FILE_TOO_LARGE')).toBeVisible();
  expect(uploads).toEqual([]);

  // A photo over 5 MB is scaled down in the browser and sent as a JPEG within the limit.
  const photo = noisyPng(1400, 1400);
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
  await page.getByTestId(TID.deposit.voucher).setInputFiles({
    name: 'camera.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(page.locator('.hx-image-preview')).toBeVisible({ timeout: 20_000 });
  await expect(message(page, 'FILE_TOO_LARGE')).toHaveCount(0);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toBeLessThan(5 * 1024 * 1024);
});
