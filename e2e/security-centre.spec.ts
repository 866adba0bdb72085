import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  latestCode,
  logIn,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  snapshotThemes,
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

test('the devices page shows when each session expires and logs out all other devices; an ended session returns to login saying so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The session registerByApi started is "another device" to the page.
  const user = await registerByApi(request, 'all-devices');
  await logIn(page, user.email, user.password);
  await open(page, '/pages/settings/security/devices');

  const current = page.locator('[data-testid^="devices-session-"][data-current]');
  const others = page.locator('[data-testid^="devices-session-"]:not([data-current])');
  await expect(others).toHaveCount(1);
  // Used just now: it expires SESSION_IDLE_DAYS (30) from now, written as the app writes dates.
  const expires = current.locator('[data-testid^="devices-ends-"]');
  const in30Days = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(expires).toContainText(text(en, 'devices.endsAt').replace('{{time}}', ''));
  await expect(expires).toContainText(in30Days.slice(0, 4));
  expect(await expires.textContent()).toMatch(
    new RegExp(`${in30Days.slice(5, 7)}.${in30Days.slice(8, 10)}|${in30Days}`),
  );
  await snapshotThemes(page, 'devices-all', TID.devices.revokeOthers);

  await page.getByTestId(TID.devices.revokeOthers).click();
  await expect(page.locator('.adm-dialog')).toContainText(text(en, 'devices.revokeOthersBody'));
  // The toast lasts 2 s: looked for from before the click (once in CI the first look came late).
  const told = expect(
    page.getByText(text(en, 'devices.revokedOthers').replace('{{count}}', '1')),
  ).toBeVisible();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'devices.revoke') })
    .click();
  await told;
  await expect(others).toHaveCount(0);
  await expect(page.getByTestId(TID.devices.revokeOthers)).toHaveCount(0);
  expect((await request.get('/api/user/center', { headers: user.headers })).status()).toBe(401);

  // Another device logs in and logs this one out: back here, the app asks to log in, saying why.
  const login = await request.post('/api/user/login', {
    form: { account: user.email, password: user.password },
  });
  const elsewhere = { Authorization: (await login.json()).message.token as string };
  const ended = await request.post('/api/user/sessions/revoke_others', { headers: elsewhere });
  expect((await ended.json()).message).toEqual({ count: 1 });
  await page.reload();
  await expect(page.getByTestId(TID.login.expired)).toHaveText(text(en, 'login.sessionExpired'));
  await snapshot(page, 'login-session-expired');
  // Logging in again clears it.
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  await expect(page.locator('[data-testid^="devices-session-"][data-current]')).toBeVisible();
  await expect(page.getByTestId(TID.login.expired)).toHaveCount(0);
});
