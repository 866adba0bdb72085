import { expect, test } from './fixtures.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import { LOCALES } from '../packages/protocol/src/locales.ts';
import {
  TID,
  latestCode,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  uniqueEmail,
  logIn,
  renderedFrames,
} from './support.ts';

const en = messages('en');

test('a newcomer registers by email with the code from the outbox, logs out, logs in and changes the password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('newcomer');
  await open(page, '/pages/user/login/register');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.register.account).fill(email);
  await page.getByTestId(TID.sendCode).click();
  const code = await latestCode(request, email);
  await page.getByTestId(TID.register.code).fill(code);
  await page.getByTestId(TID.register.password).fill('first-secret');
  await page.getByTestId(TID.register.confirm).fill('first-secreX');
  await page.getByTestId(TID.register.agree).click();
  await page.getByTestId(TID.register.submit).click();
  await expect(page.getByText(ERRORS.PASSWORD_MISMATCH.en).first()).toBeVisible();
  // Said once, beside the repeated password (not toasted as well).
  await renderedFrames(page);
  await expect(page.getByText(ERRORS.PASSWORD_MISMATCH.en)).toHaveCount(1);

  await page.getByTestId(TID.register.confirm).fill('first-secret');
  await page.getByTestId(TID.register.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  // The account page shows who is logged in.
  await open(page, '/pages/settings/account/index');
  await expect(page.getByText(email)).toBeVisible();

  // Change the password from the security centre.
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.settings.security).click();
  await page.getByTestId(TID.security.changePassword).click();
  await page.getByTestId(TID.changePassword.old).fill('first-secret');
  await page.getByTestId(TID.changePassword.password).fill('second-secret');
  await page.getByTestId(TID.changePassword.repeat).fill('second-secret');
  await page.getByTestId(TID.changePassword.submit).click();
  await expect(page.getByText(text(en, 'changePassword.success'))).toBeVisible();

  // Log out, and the old password no longer works while the new one does.
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.settings.logout).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'settings.logout') })
    .click();
  await expect(page.getByTestId(TID.settings.logout)).toHaveCount(0);

  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(email);
  await page.getByTestId(TID.login.password).fill('first-secret');
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.login.error)).toHaveText(ERRORS.LOGIN_FAILED.en);
  await logIn(page, email, 'second-secret');
});

test("a failed login shows the server's message in the chosen language", async ({ page }) => {
  await open(page, '/pages/settings/language/language');
  await page.getByTestId(TID.lang('zh')).click();
  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill('demo@demo.local');
  await page.getByTestId(TID.login.password).fill('not-the-password');
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.login.error)).toHaveText(ERRORS.LOGIN_FAILED.zh);
  await snapshot(page, 'login-failed-zh');
});

test("the app's own checks speak the chosen language, chosen now or stored before a reload", async ({
  page,
}) => {
  await open(page, '/pages/settings/language/language');
  await page.getByTestId(TID.lang('th')).click();
  for (const reload of [false, true]) {
    await open(page, '/pages/user/login/login');
    if (reload) await page.reload();
    await page.getByTestId(TID.accountTab.email).click();
    await page.getByTestId(TID.login.account).fill('not-an-email');
    await page.getByTestId(TID.login.password).fill('any-password');
    await page.getByTestId(TID.login.submit).click();
    await expect(page.getByText(ERRORS.EMAIL_INVALID.th).first()).toBeVisible();
  }
});

test('every language changes the tab labels', async ({ page }) => {
  for (const locale of LOCALES) {
    await open(page, '/pages/settings/language/language');
    await page.getByTestId(TID.lang(locale)).click();
    await open(page, '/pages/index/index');
    const labels = messages(locale);
    for (const tab of ['home', 'trade', 'option', 'finance', 'assets'] as const) {
      await expect(page.getByTestId(TID.tab[tab])).toContainText(text(labels, `tabs.${tab}`));
    }
  }
});

test('the theme follows the choice in settings, with the spec colours in dark', async ({
  page,
}) => {
  await logIn(page, 'demo@demo.local', 'demo123456');
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme('dark')).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-prefers-color-scheme', 'dark');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(27, 44, 66)');

  const pages = {
    home: '/pages/index/index',
    settings: '/pages/settings/index',
    login: '/pages/user/login/login',
    register: '/pages/user/login/register',
  };
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    await expect(html).toHaveAttribute('data-prefers-color-scheme', theme);
    for (const [name, route] of Object.entries(pages)) {
      await open(page, route);
      await page.waitForLoadState('networkidle');
      await snapshot(page, name);
    }
    await open(page, '/pages/index/index');
    await page.getByTestId(TID.menuButton).click();
    await expect(page.getByTestId(TID.sideMenu)).toBeVisible();
    await snapshot(page, 'side-menu');
  }
  expect(await background()).not.toBe('rgb(27, 44, 66)');
  // The choice survives a reload.
  await page.reload();
  await expect(html).toHaveAttribute('data-prefers-color-scheme', 'light');
});

test('the five tabs, the side menu and an unknown route find their way', async ({ page }) => {
  await open(page, '/');
  const routes = {
    trade: '/pages/trade/index',
    // A visitor's tab 2 opens options (contracts need an account; a user's opens contracts).
    option: '/pages/option/detail2',
    finance: '/pages/template/index',
    assets: '/pages/assets/index',
    home: '/pages/index/index',
  } as const;
  for (const [tab, route] of Object.entries(routes)) {
    await page.getByTestId(TID.tab[tab as keyof typeof routes]).click();
    await expect(page).toHaveURL(new RegExp(`#${route}$`));
  }
  await expect(page.getByTestId(TID.demoBadge)).toBeVisible();

  await page.getByTestId(TID.menuButton).click();
  const menu = page.getByTestId(TID.sideMenu);
  await expect(menu).toBeVisible();
  // Every entry leads to a built page: none is disabled.
  await expect(page.getByTestId(TID.menuEntry('referral'))).toBeVisible();
  await expect(menu.locator('[aria-disabled="true"]')).toHaveCount(0);
  await page.getByTestId(TID.menuEntry('settings')).click();
  await expect(page).toHaveURL(/#\/pages\/settings\/index$/);
  await page.getByTestId(TID.settings.about).click();
  await expect(page.getByTestId(TID.aboutVersion)).toContainText(/\d+\.\d+\.\d+/);

  await open(page, '/pages/no/such/page');
  await expect(page.getByText(text(en, 'notFound.title'))).toBeVisible();
  await page.getByTestId(TID.notFoundHome).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
});

test('tab 2 opens on perpetual contracts and switches to options, tab 2 lit on both', async ({
  page,
  request,
}) => {
  await signIn(page, await registerByApi(request, 'derivatives'));
  await open(page, '/pages/index/index');
  const tab = page.getByTestId(TID.tab.option);
  await expect(tab).toHaveText(text(en, 'tabs.option'));
  // As exchanges do, a logged-in user's tab 2 opens perpetual contracts first.
  await tab.click();
  await expect(page).toHaveURL(/#\/pages\/lever\/index$/);
  const options = page.getByTestId(TID.derivatives.options);
  const perpetual = page.getByTestId(TID.derivatives.perpetual);
  await expect(perpetual).toHaveAttribute('aria-current', 'page');
  await expect(options).not.toHaveAttribute('aria-current', 'page');
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId(TID.navBack)).toHaveCount(0);
  const place = async () => (await page.locator('.hx-derivatives').boundingBox())!;
  const onPerpetual = await place();

  // The same switch in the same place on the options page; tab 2 stays lit.
  await options.click();
  await expect(page).toHaveURL(/#\/pages\/option\/detail2$/);
  await expect(options).toHaveAttribute('aria-current', 'page');
  await expect(perpetual).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId(TID.tab.option)).toHaveAttribute('aria-current', 'page');
  const onOptions = await place();
  expect(onPerpetual).toEqual(onOptions);
  await perpetual.click();
  await expect(page).toHaveURL(/#\/pages\/lever\/index$/);
  await expect(perpetual).toHaveAttribute('aria-current', 'page');
  await expect(options).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId(TID.tab.option)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId(TID.navBack)).toHaveCount(0);
  expect(await place()).toEqual(onOptions);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await snapshot(page, 'derivatives-perpetual');
  }
  await options.click();
  await expect(page).toHaveURL(/#\/pages\/option\/detail2$/);
  await expect(options).toHaveAttribute('aria-current', 'page');
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await snapshot(page, 'derivatives-options');
  }

  // The symbol goes along.
  await open(page, '/pages/option/detail2?symbol=ETHUSDT');
  await perpetual.click();
  await expect(page).toHaveURL(/#\/pages\/lever\/index\?symbol=ETHUSDT$/);
});

test('after logging in, back leads where the visitor came from, never to a login page', async ({
  page,
  request,
}) => {
  const me = await registerByApi(request, 'back');
  const home = /#\/pages\/index\/index$/;
  const logInHere = async () => {
    await page.getByTestId(TID.accountTab.email).click();
    await page.getByTestId(TID.login.account).fill(me.email);
    await page.getByTestId(TID.login.password).fill(me.password);
    await page.getByTestId(TID.login.submit).click();
  };

  // Home → choose → login → register → login (each replacing the last) → logged in: home.
  await open(page, '/pages/index/index');
  await page.getByTestId(TID.homeLoginRegister).click();
  await page.getByTestId(TID.choose.login).click();
  await page.getByTestId(TID.login.toRegister).click();
  await expect(page).toHaveURL(/register$/);
  await page.getByRole('link', { name: text(en, 'register.login') }).click();
  await logInHere();
  await expect(page).toHaveURL(home);
  await page.goBack();
  await expect(page).toHaveURL(home);
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  // A page that needs a session: login, forgot password and back, login → that page; back
  // leads home, forward to the page again, never to login.
  await page.evaluate(() => localStorage.removeItem('hx.session'));
  await page.reload();
  await expect(page).toHaveURL(home);
  await page.getByRole('button', { name: text(en, 'lever.quick') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/login\/login\?redirect=%2Fpages%2Flever%2Findex$/);
  await page.getByTestId(TID.login.toForget).click();
  await page.getByTestId(TID.navBack).click();
  await expect(page).toHaveURL(/login\?redirect=%2Fpages%2Flever%2Findex$/);
  await logInHere();
  await expect(page).toHaveURL(/#\/pages\/lever\/index$/);
  await page.goBack();
  await expect(page).toHaveURL(home);
  await page.goForward();
  await expect(page).toHaveURL(/#\/pages\/lever\/index$/);
  await expect(page.getByTestId(TID.derivatives.perpetual)).toBeVisible();

  // A logged-in user who lands on a login page is sent on.
  await open(page, '/pages/user/login/login?redirect=%2Fpages%2Fassets%2Findex');
  await expect(page).toHaveURL(/#\/pages\/assets\/index$/);
  for (const route of ['register', 'choose']) {
    await open(page, `/pages/user/login/${route}`);
    await expect(page).toHaveURL(home);
  }
});
