import { expect, test } from './fixtures.ts';
import { Secret, TOTP } from 'otpauth';
import { logIn, messages, open, registerByApi, text, TID, snapshotSchemes } from './support.ts';

const en = messages('en');

/** The authenticator app, played by the test: codes computed from the secret the page shows. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

test('turns the authenticator on from its page, then logs in with a code from it', async ({
  page,
  request,
}) => {
  // The whole journey with screenshots in two themes: longer than one step of the app.
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'authenticator');
  await logIn(page, user.email, user.password);

  await open(page, '/pages/settings/security/authenticator');
  const status = page.getByTestId(TID.authenticator.status);
  await expect(status).toHaveAttribute('data-state', 'off');
  await snapshotSchemes(page, 'two-factor-intro');

  await page.getByTestId(TID.authenticator.start).click();
  await expect(page.getByTestId(TID.authenticator.qr)).toHaveAttribute('data-ready', 'true');
  const secret = (await page.getByTestId(TID.authenticator.secret).innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snapshotSchemes(page, 'two-factor-setup');

  // A wrong code says so beside the field; the right one turns it on.
  await page.getByTestId(TID.authenticator.code).fill('000000');
  await page.getByTestId(TID.authenticator.enable).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The authenticator code is wrong or already used',
  );
  await page.getByTestId(TID.authenticator.code).fill(codeAt(secret, Date.now()));
  await page.getByTestId(TID.authenticator.enable).click();
  const codes = page.getByTestId(TID.authenticator.recoveryCodes).locator('li');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
  await expect(status).toHaveAttribute('data-state', 'on');
  await snapshotSchemes(page, 'two-factor-recovery-codes');
  await page.getByTestId(TID.authenticator.saved).click();
  // "Saved" leaves the page; opening it again before it has left would find the codes still up.
  await expect(page.getByTestId(TID.authenticator.recoveryCodes)).toHaveCount(0);

  await open(page, '/pages/settings/security/authenticator');
  await expect(status).toHaveAttribute('data-state', 'on');
  await expect(page.getByTestId(TID.authenticator.disable.submit)).toBeVisible();
  await snapshotSchemes(page, 'two-factor-on');

  // The withdrawal form asks for the code now.
  await open(page, '/pages/withdraw/index');
  await expect(page.getByTestId(TID.withdraw.totp)).toBeVisible();
  await page.getByTestId(TID.withdraw.totp).scrollIntoViewIfNeeded();
  await snapshotSchemes(page, 'two-factor-withdraw');

  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.settings.logout).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'settings.logout') })
    .click();
  await expect(page.getByTestId(TID.settings.logout)).toHaveCount(0);

  // The password alone stops at the second step.
  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  const code = page.getByTestId(TID.login.secondFactor.code);
  await expect(code).toBeVisible();
  await expect(page.getByText(text(en, 'twoFactor.loginHeading'))).toBeVisible();
  await snapshotSchemes(page, 'two-factor-login');

  // The code that turned it on is spent; the app's next code (one step ahead is accepted for
  // clock drift) logs in.
  await code.fill(codeAt(secret, Date.now() + 30_000));
  await page.getByTestId(TID.login.secondFactor.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  const center = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('hx.session') ?? '{}').token as string;
    const answer = await fetch('/api/user/center', { headers: { Authorization: token } });
    return (await answer.json()).message as { two_factor: boolean };
  });
  expect(center.two_factor).toBe(true);
});

test('a lost phone: logs in with a recovery code instead', async ({ page, request }) => {
  const user = await registerByApi(request, 'recovery');
  const setup = await request.post('/api/user/2fa/setup', { headers: user.headers });
  const { secret } = (await setup.json()).message as { secret: string };
  const enabled = await request.post('/api/user/2fa/enable', {
    headers: user.headers,
    form: { code: codeAt(secret, Date.now()) },
  });
  const [recovery] = (await enabled.json()).message.recovery_codes as string[];

  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  await page.getByTestId(TID.login.secondFactor.toggle).click();
  await page.getByTestId(TID.login.secondFactor.recovery).fill(recovery!);
  await snapshotSchemes(page, 'two-factor-login-recovery');
  await page.getByTestId(TID.login.secondFactor.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
});
