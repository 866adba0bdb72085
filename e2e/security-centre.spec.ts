import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  TID,
  latestCode,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  type ApiUser,
} from './support.ts';

const en = messages('en');
const FUND_PASSWORD = '246810';
const PHRASE = 'Blue-Heron42';
/** A valid mainnet TRC20 address (the server's format tests accept it). */
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A user with a fund password, set through the API with a 'security' code. */
async function withFundPassword(request: APIRequestContext, name: string): Promise<ApiUser> {
  const user = await registerByApi(request, name);
  await request.post('/api/sms_mail', { form: { email: user.email, scene: 'security' } });
  const code = await latestCode(request, user.email);
  const set = await request.post('/api/user/e_pwd', {
    headers: user.headers,
    form: { pay_password: FUND_PASSWORD, re_pay_password: FUND_PASSWORD, code },
  });
  expect(set.ok()).toBe(true);
  return user;
}

const row = (page: Page, key: string) => page.getByTestId(TID.security.row(key));

test('set an anti-phishing phrase and turn on the whitelist, and see both in the security centre', async ({
  page,
  request,
}) => {
  const user = await withFundPassword(request, 'shield');
  await signIn(page, user);
  await open(page, '/pages/settings/security/index');
  // The first page of a fresh server can take a while on a busy machine.
  await expect(page.getByTestId(TID.security.summary)).toContainText('1 of 5 protections on', {
    timeout: 30_000,
  });
  await expect(row(page, 'antiPhishing')).toHaveAttribute('data-state', 'off');
  await expect(row(page, 'withdrawProtection')).toHaveAttribute('data-state', 'off');
  await snapshot(page, 'security-centre-before');

  // The anti-phishing code: the preview shows it as it is typed; the fund password confirms it.
  await row(page, 'antiPhishing').click();
  await page.getByTestId(TID.protection.phrase).fill('abc');
  await page.getByTestId(TID.protection.password).fill(FUND_PASSWORD);
  await page.getByTestId(TID.protection.phraseSave).click();
  await expect(page.getByRole('alert').first()).toContainText(
    'The anti-phishing code must be 4 to 20 letters, digits, - or _',
  );
  await page.getByTestId(TID.protection.phrase).fill(PHRASE);
  await expect(page.getByTestId(TID.protection.phrasePreview)).toContainText(PHRASE);
  await snapshot(page, 'security-anti-phishing');
  await page.getByTestId(TID.protection.phraseSave).click();
  await expect(row(page, 'antiPhishing')).toHaveAttribute('data-state', 'on');

  // Every mail now starts with it.
  await request.post('/api/sms_mail', { form: { email: user.email, scene: 'address' } });
  const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
  const [mail] = (await outbox.json()).message.list;
  expect(mail.text).toMatch(new RegExp(`^Anti-phishing code: ${PHRASE}\\n`));
  // That mail's code saves an address, new when the whitelist goes on below.
  const saved = await request.post('/api/wallet/addaddress', {
    headers: user.headers,
    form: {
      currency_id: '3',
      network: 'TRC20',
      address: TRC20_ADDRESS,
      pay_password: FUND_PASSWORD,
      code: mail.code,
    },
  });
  expect(saved.ok()).toBe(true);
  const addressId = (await saved.json()).message.id as number;

  // The whitelist: on at once, with the fund password.
  await row(page, 'withdrawProtection').click();
  await expect(page.getByTestId(TID.protection.whitelistState)).toHaveText(
    text(en, 'protection.whitelistOff'),
  );
  await page.getByTestId(TID.protection.whitelistToggle).click();
  await page.getByTestId(TID.protection.password).fill(FUND_PASSWORD);
  await snapshot(page, 'security-whitelist-sheet');
  await page.getByTestId(TID.protection.confirm).click();
  await expect(page.getByTestId(TID.protection.whitelistState)).toHaveAttribute('data-state', 'on');
  await expect(page.getByTestId(TID.protection.whitelistState)).toHaveText(
    text(en, 'protection.whitelistOn'),
  );

  // Turning it off waits 24 hours: still on, with the time it goes off.
  await page.getByTestId(TID.protection.whitelistToggle).click();
  await page.getByTestId(TID.protection.password).fill(FUND_PASSWORD);
  await page.getByTestId(TID.protection.confirm).click();
  await expect(page.getByTestId(TID.protection.whitelistState)).toContainText('then off');
  await expect(page.getByTestId(TID.protection.whitelistState)).toHaveAttribute('data-state', 'on');
  await expect(page.getByTestId(TID.protection.whitelistToggle)).toHaveText(
    text(en, 'protection.whitelistKeepOn'),
  );
  await snapshot(page, 'security-withdraw-protection');

  await page.goBack();
  await expect(row(page, 'withdrawProtection')).toHaveAttribute('data-state', 'on');
  await expect(row(page, 'antiPhishing')).toHaveAttribute('data-state', 'on');
  await expect(page.getByTestId(TID.security.summary)).toContainText('3 of 5 protections on');
  await snapshot(page, 'security-centre-after');

  // The address book says when the new address can receive.
  await open(page, '/pages/user/address/address?currency_id=3');
  await expect(page.getByTestId(TID.protection.usableAt(addressId))).toContainText(
    'Whitelist: can receive from',
  );
  await snapshot(page, 'security-address-pending');
});

for (const theme of ['light', 'dark'] as const)
  test(`after a password reset the withdraw page shows when withdrawals open (${theme})`, async ({
    page,
    request,
  }) => {
    const user = await withFundPassword(request, `paused-${theme}`);
    await request.post('/api/sms_mail', { form: { email: user.email, scene: 'forget' } });
    const code = await latestCode(request, user.email);
    const reset = await request.post('/api/user/forget', {
      form: {
        account: user.email,
        code,
        password: 'paused-secret2',
        re_password: 'paused-secret2',
      },
    });
    expect(reset.ok()).toBe(true);
    const login = await request.post('/api/user/login', {
      form: { account: user.email, password: 'paused-secret2' },
    });
    const token = (await login.json()).message.token as string;
    await request.post('/api/user/whitelist', {
      headers: { Authorization: token },
      form: { on: '1', pay_password: FUND_PASSWORD },
    });

    await page.addInitScript((value) => localStorage.setItem('hx.theme', value), theme);
    await signIn(page, { ...user, token, headers: { Authorization: token } });
    await open(page, '/pages/withdraw/index');
    const notice = page.getByTestId(TID.prerequisite('withdrawLock'));
    await expect(notice).toContainText('Withdrawals are paused until');
    await snapshot(page, 'security-withdraw-paused');

    await notice.getByRole('button').click();
    await expect(page.getByTestId(TID.protection.lock)).toContainText(
      'Withdrawals are paused until',
    );
    await snapshot(page, 'security-withdraw-protection-paused');

    await open(page, '/pages/settings/security/index');
    await expect(row(page, 'withdrawProtection')).toContainText('Withdrawals are paused until');
    await expect(row(page, 'withdrawProtection')).toHaveAttribute('data-state', 'on');
    await snapshot(page, 'security-centre-paused');
    await open(page, '/pages/settings/security/antiPhishing');
    await expect(page.getByTestId(TID.protection.phraseCurrent)).toHaveText(
      text(en, 'protection.notSet'),
    );
    await snapshot(page, 'security-anti-phishing-empty');
  });
