import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { verifyProof } from '@hx/por';
import {
  TID,
  consolePage,
  depositUsdt,
  logIn,
  messages,
  open,
  operator,
  registerByApi,
  snapshot,
  text,
  shoot,
  setTheme,
} from './support.ts';

const en = messages('en');
const DEMO = { email: 'demo@demo.local', password: 'demo123456' };

/** WCAG A/AA and the touch-target and heading rules, as e2e/accessibility.spec.ts checks. */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true }, 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('the demo user verifies their balance against the published root', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // Two more holders, so the demo user's path has levels above the leaf.
  for (const name of ['por-a', 'por-b'])
    await depositUsdt(request, await registerByApi(request, name), '25');
  const taken = await request.post('/api/admin/por/snapshot', { headers: await operator(request) });
  expect(taken.ok()).toBe(true);
  const id: number = (await taken.json()).message.id;
  // However many holders earlier tests left, the path has one step per level of the tree.
  const demoLogin = await request.post('/api/user/login', {
    form: { account: DEMO.email, password: DEMO.password },
  });
  const proof = await request.get(`/api/por/proof?id=${id}&currency_id=3`, {
    headers: { Authorization: (await demoLogin.json()).message.token },
  });
  const levels: number = (await proof.json()).message.path.length;
  expect(levels).toBeGreaterThanOrEqual(2);

  await logIn(page, DEMO.email, DEMO.password);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // From the assets tab, a modest link.
    await open(page, '/pages/assets/index');
    await page.getByTestId(TID.assets.proof).scrollIntoViewIfNeeded();
    await snapshot(page, 'proof-entry');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId(TID.assets.proof).click();
    await expect(page).toHaveURL(/pages\/assets\/proof/);
    await expect(page.getByTestId(TID.proof.snapshot)).toContainText(`#${id}`);
    await expect(page.getByTestId(TID.proof.root('USDT'))).toBeVisible();
    await expect(page.getByTestId(TID.proof.reserves)).toHaveText(text(en, 'proof.reservesNone'));
    await snapshot(page, 'proof');

    // Recomputed in the browser, step by step, up to the published root.
    await page.getByTestId(TID.proof.verify('USDT')).click();
    const verdict = page.getByTestId(TID.proof.verdict('USDT'));
    await expect(verdict).toContainText('Matches the published root: your balance of');
    // The user hash, the leaf, then one step per level of the tree.
    const steps = page.getByTestId(TID.proof.root('USDT')).locator('.hx-proof-step');
    await expect(steps).toHaveCount(2 + levels);
    await expect(steps.nth(2)).toContainText('Level 1');
    await verdict.scrollIntoViewIfNeeded();
    await snapshot(page, 'proof-verified');
    await page.getByTestId(TID.proof.limits).scrollIntoViewIfNeeded();
    await snapshot(page, 'proof-limits');
    expect(await axeViolations(page)).toEqual([]);
  }

  // The downloaded file is what the command-line verifier reads; it verifies there too.
  const file = `proof-${id}-USDT.json`;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(TID.proof.download(file)).click(),
  ]);
  expect(download.suggestedFilename()).toBe(file);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(saved.id).toBe(id);
  expect(verifyProof(saved).ok).toBe(true);
});

test('an operator takes a snapshot from the console', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const before = await (await request.get('/api/por/latest')).json();
  const ops = await consolePage(browser);
  await ops.goto('/admin/');
  await ops.getByTestId('login-email').fill('admin@demo.local');
  await ops.getByTestId('login-password').fill('admin123456');
  await ops.getByTestId('login-submit').click();
  const card = ops.getByTestId('por-card');
  await expect(card).toContainText(`#${before.message.id}`);
  await expect(card).toContainText('Reserves not attested');
  await ops.getByTestId('por-take').click();
  const next = before.message.id + 1;
  await expect(ops.getByText(`Snapshot #${next} taken and published`)).toBeVisible();
  await expect(card).toContainText(`#${next}`);
  await card.scrollIntoViewIfNeeded();
  await shoot(ops, 'proof-console-light.png');
  expect((await (await request.get('/api/por/latest')).json()).message.id).toBe(next);
  await ops.context().close();
});
