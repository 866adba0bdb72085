import { expect, test, type Page } from '@playwright/test';
import { messages, registerByApi, snapshot, text, TID } from './support.ts';

const en = messages('en');

// Browsers refuse passkeys on an IP address: these pages are opened at localhost.
const SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 8181)}`;
const visit = (page: Page, route: string) => page.goto(`${SITE}/h5/#${route}`);

// The offline worker would install on this new origin mid-test and reload the app under it.
test.use({ serviceWorkers: 'block' });

/** The screen in both themes (the app follows the system theme unless told otherwise). */
async function bothThemes(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, name);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('adds a passkey in the security centre, logs out, and logs in with the passkey alone', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  // Chromium's virtual authenticator: a phone's platform authenticator that keeps passkeys
  // (resident keys) and verifies its user (the fingerprint says yes).
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const user = await registerByApi(request, 'passkey');
  await visit(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  // The security centre leads to the passkeys page; none yet.
  await visit(page, '/pages/settings/security/index');
  await expect(page.getByTestId(TID.security.row('passkeys'))).toHaveAttribute('data-state', 'off');
  await page.getByTestId(TID.security.row('passkeys')).click();
  await expect(page.getByText(text(en, 'passkeys.empty'))).toBeVisible();
  await bothThemes(page, 'passkeys-empty');

  await page.getByTestId(TID.passkeys.add).click();
  await expect(page.getByText(text(en, 'passkeys.lockNote'))).toBeVisible();
  await page.getByTestId(TID.passkeys.name).fill('Test phone');
  await bothThemes(page, 'passkeys-add');
  await page.getByTestId(TID.passkeys.create).click();

  const item = page.locator('[data-testid^="passkeys-item-"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Test phone');
  await expect(item).toContainText(text(en, 'passkeys.neverUsed'));
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await bothThemes(page, 'passkeys-list');

  // Withdrawals pause for a day, and the security centre counts the passkey.
  await visit(page, '/pages/settings/security/index');
  await expect(page.getByTestId(TID.security.row('passkeys'))).toHaveAttribute('data-state', 'on');

  await visit(page, '/pages/settings/index');
  await page.getByTestId(TID.settings.logout).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'settings.logout') })
    .click();
  await expect(page.getByTestId(TID.settings.logout)).toHaveCount(0);

  // No account, no password: the authenticator offers its passkey for this site.
  await visit(page, '/pages/user/login/login');
  await bothThemes(page, 'passkeys-login');
  await page.getByTestId(TID.login.passkey).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  // The devices page knows this session and how it began.
  await visit(page, '/pages/settings/security/devices');
  await expect(page.locator('[data-current="true"]')).toContainText(text(en, 'devices.thisDevice'));
  const latest = page.getByTestId(TID.devices.history(0));
  await expect(latest).toContainText(text(en, 'devices.method.passkey'));
  await expect(latest).toContainText(text(en, 'devices.result.ok'));
  await bothThemes(page, 'devices');

  await visit(page, '/pages/settings/security/passkeys');
  await expect(item).not.toContainText(text(en, 'passkeys.neverUsed'));
});

test('ends another device’s session from the devices page, and that device is logged out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, 'devices');
  // The session registerByApi started is "another device" to the page.
  await visit(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  await visit(page, '/pages/settings/security/devices');
  const others = page.locator('[data-testid^="devices-session-"]:not([data-current])');
  await expect(others).toHaveCount(1);
  await others.locator('[data-testid^="devices-revoke-"]').click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'devices.revoke') })
    .click();
  await expect(others).toHaveCount(0);
  const center = await request.get('/api/user/center', { headers: user.headers });
  expect(center.status()).toBe(401);
});
