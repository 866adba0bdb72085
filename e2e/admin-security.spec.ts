import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Secret, TOTP } from 'otpauth';
import {
  addOperator,
  consolePage,
  expectBooksBalanced,
  registerByApi,
  withdrawal,
  type ApiUser,
  consoleShot,
} from './support.ts';

/**
 * Operator security in the console: four eyes on a large withdrawal (two operators, the first
 * pass recorded, the second pays out), an operator turning on 2FA and logging in with a code,
 * and the sessions page ending another operator's session.
 */

const ADMIN = { email: 'admin@demo.local', password: 'admin123456' };
/** The console at a desktop size and at a phone's 375×812 (it has one, light, theme). */
const BOTH_SIZES = { desktop: { width: 1280, height: 800 }, '375': { width: 375, height: 812 } };

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

async function frozenUsdt(request: APIRequestContext, user: ApiUser): Promise<string> {
  const list = await request.post('/api/wallet/list', { headers: user.headers });
  const usdt = (await list.json()).message.currency.find(
    (c: { currency_id: number }) => c.currency_id === 3,
  );
  return usdt.frozen as string;
}

test('two operators pass a large withdrawal; an operator turns on 2FA; sessions can be ended', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'foureyes');
  const id = await withdrawal(request, user, '20000', '12000');
  const reviewer = { email: `second-${Date.now()}@demo.local`, password: 'second-operator-1' };
  // A new operator waits for a second admin: the demo's approver approves it.
  const created = await addOperator(request, { ...reviewer, role: 'reviewer' });
  expect(created.ok).toBe(true);

  // The first operator: demo mode says 2FA is not enforced; the withdrawal needs two approvals.
  const first = await consolePage(browser);
  await first.goto('/admin/');
  await expect(first.getByTestId('demo-2fa-notice')).toContainText(
    'Demo: operator 2FA is not enforced',
  );
  await consoleShot(first, 'security-login-demo', BOTH_SIZES);
  await logIn(first, ADMIN);
  await expect(first.getByTestId('demo-2fa-tag')).toBeVisible();
  await first.getByTestId('nav-withdrawals').click();
  await expect(first.getByTestId('four-eyes-note')).toContainText('more than 10000 USDT');
  await expect(first.getByTestId(`approvals-${id}`)).toHaveText('2 approvals');
  await first.getByTestId(`pass-${id}`).click();
  const popconfirm = first.locator('.ant-popconfirm');
  await expect(popconfirm).toContainText('First of two approvals');
  await popconfirm.getByRole('button', { name: 'OK' }).click();
  await expect(first.getByTestId(`approvals-${id}`)).toHaveText(
    '1 of 2 approvals, by admin@demo.local',
  );
  await expect(first.getByTestId(`pass-${id}`)).toBeDisabled();
  await consoleShot(first, 'security-withdrawal-first-pass', BOTH_SIZES);
  // Nothing paid out yet: the amount is still frozen, the books balance.
  expect(await frozenUsdt(request, user)).toMatch(/^12000(\.0+)?$/);
  await expectBooksBalanced(request);

  // The second operator passes it: paid out.
  const second = await consolePage(browser);
  await logIn(second, reviewer);
  await expect(second.getByTestId('operator-role')).toHaveText('reviewer');
  await second.getByTestId('nav-withdrawals').click();
  await second.getByTestId(`pass-${id}`).click();
  await expect(second.locator('.ant-popconfirm')).toContainText(
    'Second approval (the first was by admin@demo.local)',
  );
  await second.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(second.getByTestId(`pass-${id}`)).toHaveCount(0);
  expect(await frozenUsdt(request, user)).toMatch(/^0(\.0+)?$/);
  await expectBooksBalanced(request);

  // Both approvals are in the audit log.
  await first.getByTestId('nav-audit').click();
  await expect(first.getByText('withdrawal.first_pass').first()).toBeVisible();
  await expect(first.getByText('withdrawal.pass', { exact: true }).first()).toBeVisible();

  // The second operator turns on 2FA with a code computed from the secret shown.
  await second.getByTestId('nav-security').click();
  await expect(second.getByTestId('two-factor-state')).toHaveText('Off');
  await consoleShot(second, 'security-security-off', BOTH_SIZES);
  await second.getByTestId('two-factor-on').click();
  await expect(second.getByTestId('totp-qr')).toBeVisible();
  const secret = (await second.getByTestId('totp-secret').innerText()).trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await consoleShot(second, 'security-two-factor-setup', BOTH_SIZES);
  await second.getByTestId('totp-code').fill(totp.generate());
  await second.getByTestId('totp-confirm').click();
  await expect(second.getByTestId('recovery-codes').locator('span')).toHaveCount(10);
  await consoleShot(second, 'security-recovery-codes', BOTH_SIZES);
  await second.getByTestId('recovery-done').click();
  await expect(second.getByTestId('two-factor-state')).toHaveText('On');

  // The admin sees everyone's sessions and ends the second operator's.
  await first.getByTestId('nav-security').click();
  await expect(first.getByTestId('sessions-table')).toContainText('This session');
  await first.getByTestId('sessions-scope').getByText('Everyone').click();
  const theirs = first.getByTestId('sessions-table').locator('tr', { hasText: reviewer.email });
  await expect(theirs).toHaveCount(1);
  await consoleShot(first, 'security-sessions', BOTH_SIZES);
  await theirs.getByRole('button', { name: 'End' }).click();
  await first.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(theirs).toHaveCount(0);

  // Their console is logged out; logging in again asks for a code.
  await second.reload();
  await expect(second.getByTestId('login-email')).toBeVisible();
  await logIn(second, reviewer);
  await expect(second.getByTestId('login-code')).toBeVisible();
  await consoleShot(second, 'security-login-code', BOTH_SIZES);
  await second.getByTestId('login-code').fill('000000');
  await second.getByTestId('login-verify').click();
  await expect(second.getByTestId('login-error')).toContainText('wrong or already used');
  // The next 30-second step's code: the one used to turn 2FA on was spent.
  await second.getByTestId('login-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await second.getByTestId('login-verify').click();
  await expect(second.getByTestId('operator-role')).toHaveText('reviewer');
});
