import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Secret, TOTP } from 'otpauth';
import {
  port,
  consoleAsAdmin,
  logIn,
  messages,
  open,
  registerByApi,
  text,
  TID,
  snapshotSchemes,
  shoot,
} from './support.ts';

const en = messages('en');

// Browsers refuse passkeys on an IP address: these pages are opened at localhost.
const SITE = `http://localhost:${port}`;
const visit = (page: Page, route: string) => open(page, route, SITE);

// The offline worker would install on this new origin mid-test and reload the app under it.
test.use({ serviceWorkers: 'block' });

/**
 * Chromium's virtual authenticator: a phone's platform authenticator that keeps passkeys
 * (resident keys) and verifies its user (the fingerprint says yes).
 */
async function phoneAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
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
  return { cdp, authenticatorId };
}

test('adds a passkey in the security centre, logs out, and logs in with the passkey alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { cdp, authenticatorId } = await phoneAuthenticator(page);

  const user = await registerByApi(request, 'passkey');
  await logIn(page, user.email, user.password, SITE);

  // The security centre leads to the passkeys page; none yet.
  await visit(page, '/pages/settings/security/index');
  await expect(page.getByTestId(TID.security.row('passkeys'))).toHaveAttribute('data-state', 'off');
  await page.getByTestId(TID.security.row('passkeys')).click();
  await expect(page.getByText(text(en, 'passkeys.empty'))).toBeVisible();
  await snapshotSchemes(page, 'passkeys-empty');

  await page.getByTestId(TID.passkeys.add).click();
  await expect(page.getByText(text(en, 'passkeys.lockNote'))).toBeVisible();
  await page.getByTestId(TID.passkeys.name).fill('Test phone');
  // A passkey logs in without the password: the sheet asks for it first.
  await expect(page.getByText(text(en, 'passkeys.proveWithPassword'))).toBeVisible();
  await page.getByTestId(TID.passkeys.create).click();
  await expect(page.getByTestId(TID.passkeys.sheet)).toContainText('Please enter the password');
  await page.getByTestId(TID.passkeys.password).fill('not-my-password');
  await page.getByTestId(TID.passkeys.create).click();
  await expect(page.getByTestId(TID.passkeys.error)).toHaveText('The password is wrong');
  await page.getByTestId(TID.passkeys.password).fill(user.password);
  await snapshotSchemes(page, 'passkeys-add');
  await page.getByTestId(TID.passkeys.create).click();

  const item = page.locator('[data-testid^="passkeys-item-"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Test phone');
  await expect(item).toContainText(text(en, 'passkeys.neverUsed'));
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await snapshotSchemes(page, 'passkeys-list');

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
  await snapshotSchemes(page, 'passkeys-login');
  await page.getByTestId(TID.login.passkey).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();

  // The devices page knows this session and how it began.
  await visit(page, '/pages/settings/security/devices');
  await expect(page.locator('[data-current="true"]')).toContainText(text(en, 'devices.thisDevice'));
  const latest = page.getByTestId(TID.devices.history(0));
  await expect(latest).toContainText(text(en, 'devices.method.passkey'));
  await expect(latest).toContainText(text(en, 'devices.result.ok'));
  await snapshotSchemes(page, 'devices');

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
  await logIn(page, user.email, user.password, SITE);

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

/** The authenticator app, played by the test: codes computed from the secret. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

test('with the authenticator on, adding a passkey takes its code; a used one says how long to wait; the console removes it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await phoneAuthenticator(page);
  const user = await registerByApi(request, 'passkey-2fa');
  await logIn(page, user.email, user.password, SITE);
  // 2FA turned on from elsewhere; the security centre asks again and the forms follow.
  const setup = await request.post('/api/user/2fa/setup', { headers: user.headers });
  const { secret } = (await setup.json()).message as { secret: string };
  const spent = codeAt(secret, Date.now());
  const on = await request.post('/api/user/2fa/enable', {
    headers: user.headers,
    form: { code: spent },
  });
  expect(on.status()).toBe(200);
  await visit(page, '/pages/settings/security/index');
  await page.getByTestId(TID.security.row('passkeys')).click();

  await page.getByTestId(TID.passkeys.add).click();
  await page.getByTestId(TID.passkeys.name).fill('Key with code');
  await expect(page.getByText(text(en, 'passkeys.proveWithCode'))).toBeVisible();
  await expect(page.getByTestId(TID.passkeys.password)).toHaveCount(0);
  // The code that turned 2FA on, again within its 30 seconds.
  await page.getByTestId(TID.passkeys.totp).fill(spent);
  await page.getByTestId(TID.passkeys.create).click();
  await expect(page.getByTestId(TID.passkeys.error)).toHaveText(
    /^The authenticator code was just used\. Wait \d{1,2} seconds for the next code in your app$/,
  );
  await snapshotSchemes(page, 'passkeys-add-code-used');
  await page.getByTestId(TID.passkeys.totp).fill(codeAt(secret, Date.now() + 30_000));
  await page.getByTestId(TID.passkeys.create).click();
  const item = page.locator('[data-testid^="passkeys-item-"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Key with code');

  // The console shows the user's passkey; an admin removes it and the user is told.
  const ops = await consoleAsAdmin(browser);
  await ops.getByTestId('nav-users').click();
  await ops.getByTestId('user-search').locator('input').fill(user.email);
  await ops.getByTestId('user-search').locator('input').press('Enter');
  await ops.locator('tr.ant-table-row', { hasText: user.email }).click();
  await ops.locator('.ant-drawer').getByRole('tab', { name: 'Passkeys (1)' }).click();
  const listed = ops.getByTestId('user-passkeys');
  await expect(listed).toContainText('Key with code');
  // The drawer's and the tab's animations finished at once, instead of a fixed wait for them.
  await shoot(ops, 'admin-user-passkeys-light.png');
  await listed.locator('[data-testid^="user-passkey-remove-"]').click();
  await ops.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(ops.locator('.ant-drawer').getByRole('tab', { name: 'Passkeys (0)' })).toBeVisible();
  await ops.context().close();

  // The page was open all along: reloaded, it asks the server again.
  await page.reload();
  await expect(item).toHaveCount(0);
  await expect(page.getByText(text(en, 'passkeys.empty'))).toBeVisible();
  const told = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('hx.session') ?? '{}').token as string;
    const answer = await fetch('/api/notifications', { headers: { Authorization: token } });
    return ((await answer.json()).message.list as { kind: string; title: string }[]).filter(
      (n) => n.kind === 'security_passkeys_removed',
    );
  });
  expect(told).toEqual([expect.objectContaining({ title: 'Passkeys removed' })]);
});

test('at a number address the passkeys page says to open the app by its host name', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request, 'passkey-ip');
  await logIn(page, user.email, user.password);
  await open(page, '/pages/settings/security/passkeys');
  const note = page.getByTestId(TID.passkeys.unsupported);
  await expect(note).toContainText(
    text(en, 'passkeys.ipLoopback').replace('{{host}}', `127.0.0.1:${port}`),
  );
  await expect(page.getByTestId(TID.passkeys.byName)).toHaveText(`localhost:${port}`);
  await expect(page.getByTestId(TID.passkeys.byName)).toHaveAttribute(
    'href',
    `${SITE}/h5/#/pages/settings/security/passkeys`,
  );
  await expect(page.getByTestId(TID.passkeys.add)).toBeDisabled();
  await snapshotSchemes(page, 'passkeys-number-address');
});
