import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export { TID } from '../apps/h5/src/testids.ts';

type Tree = { [key: string]: string | Tree };
/** A locale file of the app, to expect exactly what a user of that language reads. */
export function messages(locale: string): Tree {
  return JSON.parse(
    readFileSync(new URL(`../apps/h5/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8'),
  );
}
export function text(tree: Tree, path: string): string {
  const value = path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`no message at ${path}`);
  return value;
}

/** Opens a route of the app, e.g. '/pages/user/login/login'. */
export async function open(page: Page, route: string) {
  await page.goto(`/h5/#${route}`);
}

/** The latest code the demo outbox holds for an email or area code + phone. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      code = (await response.json()).message.list[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Screenshots for people to look at (not compared): .test-results/screenshots/<name>-<theme>.png */
export async function snapshot(page: Page, name: string) {
  // Let the page chunk arrive, toasts fade and transitions and popups (spring-driven) settle.
  await expect(page.locator('.hx-placeholder[aria-busy]')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.waitForTimeout(400);
  const theme = await page.evaluate(() =>
    document.documentElement.getAttribute('data-prefers-color-scheme'),
  );
  await page.screenshot({ path: `.test-results/screenshots/${name}-${theme ?? 'light'}.png` });
}
