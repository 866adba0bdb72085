import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { TID, open, snapshot } from './support.ts';

/**
 * The app, the console and the API reader under the server's headers: compressed, cached by
 * name, and a strict Content-Security-Policy that the pages never violate.
 */

/** Every CSP violation the page reports (as events and as console errors). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  void page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  return violations;
}

/** The responses of the page's own files, by path. */
function watchResponses(page: Page): Map<string, Response> {
  const responses = new Map<string, Response>();
  page.on('response', (response) => responses.set(new URL(response.url()).pathname, response));
  return responses;
}

function assetOf(responses: Map<string, Response>, pattern: RegExp): Response {
  const path = [...responses.keys()].find((p) => pattern.test(p));
  if (!path) throw new Error(`no response for ${pattern}`);
  return responses.get(path)!;
}

test('the app loads compressed, cached by name, live, and within its security policy', async ({
  page,
}) => {
  const violations = watchViolations(page);
  const responses = watchResponses(page);
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (f) => frames.push(String(f.payload))),
  );

  const document = await page.goto('/h5/#/pages/index/index');
  const headers = await document!.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  // Live prices over the socket.
  await expect(page.getByTestId(TID.market.price('BTCUSDT'))).toHaveText(
    /^\d{1,3}(,\d{3})*\.\d{2}$/,
    { timeout: 30_000 },
  );
  await expect.poll(() => frames.length).toBeGreaterThan(0);

  const entry = await assetOf(responses, /^\/h5\/assets\/index-[\w-]+\.js$/).allHeaders();
  expect(entry['content-encoding']).toBe('br');
  expect(entry['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(entry.vary).toMatch(/accept-encoding/i);
  const css = await assetOf(responses, /^\/h5\/assets\/[\w-]+\.css$/).allHeaders();
  expect(css['content-encoding']).toBe('br');

  await snapshot(page, 'serving-home');
  // The trade page: its book over the socket, its chunks on demand.
  await open(page, '/pages/trade/index');
  await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT', { timeout: 30_000 });
  await expect(page.getByTestId(TID.spot.ask(0))).toBeVisible({ timeout: 30_000 });
  // A page with a form: the shared schemas are built (Zod must not try eval).
  await open(page, '/pages/user/login/login');
  await expect(page.getByTestId(TID.login.submit)).toBeVisible();
  // Zod did load here (its registry is global), so the check below means something.
  expect(await page.evaluate(() => '__zod_globalRegistry' in globalThis)).toBe(true);
  expect(violations).toEqual([]);
});

test('the app runs its theme snippet in the dark theme within the policy', async ({ page }) => {
  const violations = watchViolations(page);
  await page.addInitScript(() => localStorage.setItem('hx.theme', 'dark'));
  await page.goto('/h5/#/pages/index/index');
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await expect(page.getByTestId(TID.market.price('BTCUSDT'))).toBeVisible({ timeout: 30_000 });
  await snapshot(page, 'serving-home');
  expect(violations).toEqual([]);
});

test.describe('at a desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the operator console and the API reader work within the policy', async ({ page }) => {
    const violations = watchViolations(page);
    const responses = watchResponses(page);
    const document = await page.goto('/admin/');
    expect((await document!.allHeaders())['cache-control']).toBe('no-cache');
    await page.getByTestId('login-email').fill('admin@demo.local');
    await page.getByTestId('login-password').fill('admin123456');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('operator-role')).toHaveText('admin');
    const entry = await assetOf(responses, /^\/admin\/assets\/index-[\w-]+\.js$/).allHeaders();
    expect(entry['content-encoding']).toBe('br');
    expect(entry['cache-control']).toBe('public, max-age=31536000, immutable');
    // Screens that use the shared schemas (roles, languages) and the operators' socket.
    for (const screen of ['operators', 'config', 'help']) {
      await page.goto(`/admin/#/${screen}`);
      await expect(page.locator('.ant-table, .ant-form').first()).toBeVisible();
    }

    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('API');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
