// Ed25519 API keys registered in the app (issue 37): the user pastes the public key, the server
// keeps only that, and a Binance-style request signed with the private key is answered.
import { generateKeyPairSync, sign } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import {
  depositUsdt,
  expectBooksBalanced,
  messages,
  open,
  registerByApi,
  signIn,
  snapshotSchemes,
  text,
  TID,
} from './support.ts';

const en = messages('en');

test('registers an Ed25519 key by its public key, and a Binance-style request signed with its private key reads the account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, 'apikeys-ed');
  await depositUsdt(request, user, '40');
  await signIn(page, user);
  await open(page, '/pages/settings/security/apiKeys');
  await page.getByTestId(TID.apiKeys.add).click();
  await page.getByTestId(TID.apiKeys.label).fill('Ed bot');
  await page.getByTestId(TID.apiKeys.kind).getByText(text(en, 'apiKeys.kindEd25519')).click();
  await expect(page.getByText('openssl genpkey -algorithm ed25519')).toBeVisible();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const field = page.getByTestId(TID.apiKeys.publicKey).getByRole('textbox');
  await field.fill(pem);
  await snapshotSchemes(page, 'api-keys-ed25519-create');
  await field.fill('');
  // Nothing pasted, then something that is not a key: both refused in the sheet.
  await page.getByTestId(TID.apiKeys.create).click();
  await expect(page.getByRole('alert').first()).toContainText(
    text(en, 'apiKeys.publicKeyRequired'),
  );
  await field.fill('not a key');
  await page.getByTestId(TID.apiKeys.create).click();
  await expect(page.getByTestId(TID.apiKeys.error)).toContainText('Paste an Ed25519 public key');

  await field.fill(pem);
  await page.getByTestId(TID.apiKeys.create).click();
  const sheet = page.getByTestId(TID.apiKeys.secretSheet);
  await expect(sheet).toContainText(text(en, 'apiKeys.ed25519Body'));
  await expect(page.getByTestId(TID.apiKeys.secret)).toHaveCount(0);
  const key = (await page.getByTestId(TID.apiKeys.newKey).textContent())!.trim();
  await snapshotSchemes(page, 'api-keys-ed25519-created');
  await page.getByTestId(TID.apiKeys.done).click();
  await expect(page.locator('[data-testid^="api-keys-item-"]')).toContainText('Ed25519');

  const query = `omitZeroBalances=true&timestamp=${Date.now()}`;
  const signature = sign(null, Buffer.from(query), privateKey).toString('base64');
  const account = await request.get(
    `/api/v3/account?${query}&signature=${encodeURIComponent(signature)}`,
    { headers: { 'X-MBX-APIKEY': key } },
  );
  expect(account.status()).toBe(200);
  const balances = (await account.json()).balances as { asset: string; free: string }[];
  expect(balances).toContainEqual({ asset: 'USDT', free: '40.00000000', locked: '0.00000000' });
  // Signed by another private key: refused as Binance refuses a bad signature.
  const other = generateKeyPairSync('ed25519').privateKey;
  const forged = sign(null, Buffer.from(query), other).toString('base64');
  const refused = await request.get(
    `/api/v3/account?${query}&signature=${encodeURIComponent(forged)}`,
    { headers: { 'X-MBX-APIKEY': key } },
  );
  expect([refused.status(), (await refused.json()).code]).toEqual([400, -1022]);
  await expectBooksBalanced(request);
});
