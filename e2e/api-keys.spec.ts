import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  depositUsdt,
  expectBooksBalanced,
  latestCode,
  messages,
  open,
  registerByApi,
  signIn,
  text,
  TID,
  snapshotSchemes,
} from './support.ts';

const en = messages('en');

/** What a program does with its key: a signed read of its balances (docs/api.md). */
function readBalances(request: APIRequestContext, key: string, secret: string) {
  const timestamp = String(Date.now());
  const path = '/api/wallet/list';
  const signature = createHmac('sha256', secret).update(`${timestamp}POST${path}`).digest('hex');
  return request.post(path, {
    headers: { 'X-API-KEY': key, 'X-API-TIMESTAMP': timestamp, 'X-API-SIGNATURE': signature },
  });
}

test('creates a key in the security centre, reads the balance with it, deletes it, and it stops working', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, 'apikeys');
  await depositUsdt(request, user, '125');
  await signIn(page, user);
  await open(page, '/pages/settings/security/index');
  await page.getByTestId(TID.security.row('apiKeys')).click({ timeout: 30_000 });
  await expect(page.getByText(text(en, 'apiKeys.empty'))).toBeVisible();
  await snapshotSchemes(page, 'api-keys-empty');

  await page.getByTestId(TID.apiKeys.add).click();
  await page.getByTestId(TID.apiKeys.create).click();
  await expect(page.getByRole('alert').first()).toContainText(text(en, 'apiKeys.labelRequired'));
  await page.getByTestId(TID.apiKeys.label).fill('Balance watcher');
  await page.getByTestId(TID.apiKeys.ips).fill('not an address');
  await page.getByTestId(TID.apiKeys.create).click();
  await expect(page.getByTestId(TID.apiKeys.error)).toContainText(
    'Enter IP addresses separated by commas',
  );
  // Closed and opened again, the sheet starts empty: no earlier refusal, name or addresses.
  await page
    .locator('.adm-mask')
    .last()
    .click({ position: { x: 180, y: 60 } });
  await expect(page.getByTestId(TID.apiKeys.sheet)).toBeHidden();
  await page.getByTestId(TID.apiKeys.add).click();
  await expect(page.getByTestId(TID.apiKeys.sheet)).toBeVisible();
  await expect(page.getByTestId(TID.apiKeys.error)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId(TID.apiKeys.label)).toHaveValue('');
  await expect(page.getByTestId(TID.apiKeys.ips)).toHaveValue('');
  await page.getByTestId(TID.apiKeys.label).fill('Balance watcher');
  await page.getByTestId(TID.apiKeys.ips).fill('');
  await snapshotSchemes(page, 'api-keys-create');
  await page.getByTestId(TID.apiKeys.create).click();

  const sheet = page.getByTestId(TID.apiKeys.secretSheet);
  await expect(sheet).toContainText(text(en, 'apiKeys.secretWarning'));
  const key = (await page.getByTestId(TID.apiKeys.newKey).textContent())!.trim();
  const secret = (await page.getByTestId(TID.apiKeys.secret).textContent())!.trim();
  expect(secret).toMatch(/^[0-9a-f]{128}$/);
  await snapshotSchemes(page, 'api-keys-secret');
  await page.getByTestId(TID.apiKeys.done).click();
  await expect(sheet).toBeHidden();

  const read = await readBalances(request, key, secret);
  expect(read.status()).toBe(200);
  const usdt = (await read.json()).message.currency.find(
    (c: { currency_id: number }) => c.currency_id === 3,
  );
  expect(Number(usdt.available)).toBe(125);
  // The list never shows the secret again; it shows when the key was last used.
  await page.reload();
  const item = page.locator('[data-testid^="api-keys-item-"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Balance watcher');
  await expect(item).toContainText(key);
  await expect(item).toContainText(text(en, 'apiKeys.read'));
  await expect(item).not.toContainText(text(en, 'apiKeys.neverUsed'));
  await expect(page.getByText(secret)).toHaveCount(0);
  await snapshotSchemes(page, 'api-keys-list');

  await page.locator('[data-testid^="api-keys-remove-"]').click();
  await page
    .getByRole('button', { name: text(en, 'apiKeys.remove') })
    .last()
    .click();
  await expect(item).toHaveCount(0);
  const refused = await readBalances(request, key, secret);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('API_KEY_INVALID');
  await expectBooksBalanced(request);
});

test('a password reset in the app says it deletes the API keys, and it does', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, 'apikeys-reset');
  const made = await request.post('/api/user/api_keys', {
    headers: user.headers,
    form: { label: 'Grid bot', permissions: 'read' },
  });
  const { key, secret } = (await made.json()).message as { key: string; secret: string };
  expect((await readBalances(request, key, secret)).status()).toBe(200);

  await open(page, '/pages/user/login/forgetPassword');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.forget.account).fill(user.email);
  await request.post('/api/sms_mail', { form: { email: user.email, scene: 'forget' } });
  await page.getByTestId(TID.forget.code).fill(await latestCode(request, user.email));
  await page.getByTestId(TID.forget.next).click();
  await expect(page.getByText(text(en, 'forget.apiKeysNote'))).toBeVisible();
  await snapshotSchemes(page, 'forget-password-api-keys');
  await page.getByTestId(TID.forget.password).fill('apikeys-reset-2');
  await page.getByTestId(TID.forget.confirm).fill('apikeys-reset-2');
  await page.getByTestId(TID.forget.submit).click();
  await expect(page.getByText(text(en, 'forget.success'))).toBeVisible();

  const refused = await readBalances(request, key, secret);
  expect([refused.status(), (await refused.json()).code]).toEqual([401, 'API_KEY_INVALID']);
  const login = await request.post('/api/user/login', {
    form: { account: user.email, password: 'apikeys-reset-2' },
  });
  const token = (await login.json()).message.token as string;
  const told = await request.get('/api/notifications?page=1&limit=20', {
    headers: { Authorization: token, lang: 'en' },
  });
  expect((await told.json()).message.list).toContainEqual(
    expect.objectContaining({ kind: 'security_api_keys_revoked', title: 'API keys deleted' }),
  );
});
