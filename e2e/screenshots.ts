import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Screenshots for people to look at (not compared): `npm run screenshots` runs the browser tests
 * with E2E_SCREENSHOTS=1 and writes them to .test-results/screenshots (or SHOTS_DIR). In a plain
 * run the helpers below check only what they check in both runs (the page has arrived, no toast is
 * left over, no spinner turns) and take nothing.
 */
export const screenshots = process.env.E2E_SCREENSHOTS === '1';
const SHOTS = process.env.SHOTS_DIR ?? '.test-results/screenshots';

/** Until every finite animation has ended (endless ones, spinners, do not count). */
async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Writes `file` (under the screenshots folder) when screenshots are asked for. */
export async function shoot(page: Page, file: string): Promise<void> {
  if (!screenshots) return;
  const path = `${SHOTS}/${file}`;
  mkdirSync(dirname(path), { recursive: true });
  await animationsEnded(page);
  // Animations Playwright can end (CSS, Web Animations) are finished at once; antd-mobile's
  // springs are skipped by reduced motion, which the tests ask for.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
}

/** The app's page as it is, once its code has arrived and no toast is left: `<name>-<theme>.png`. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.hx-placeholder[aria-busy]')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  if (!screenshots) return;
  const theme = await page.evaluate(() =>
    document.documentElement.getAttribute('data-prefers-color-scheme'),
  );
  await shoot(page, `${name}-${theme ?? 'light'}.png`);
}

/**
 * `snapshot` of the current route in the theme the user chose, light then dark (kept across a
 * reload), once `ready` (a test id, or a check of its own) shows. Only with screenshots: the
 * reloads are for them.
 */
export async function snapshotThemes(
  page: Page,
  name: string,
  ready: string | (() => Promise<void>),
): Promise<void> {
  if (!screenshots) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('hx.theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', theme);
    if (typeof ready === 'string') await expect(page.getByTestId(ready)).toBeVisible();
    else await ready();
    await snapshot(page, name);
  }
  await page.evaluate(() => localStorage.removeItem('hx.theme'));
}

/** `snapshot` in the system's light and dark scheme (the app follows it while no theme is chosen). */
export async function snapshotSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', colorScheme);
    await snapshot(page, name);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The operator console (one, light, theme) once no spinner turns: `admin-<name>-light.png`, or
 * at each of `sizes` (`admin-<name>-<size>-light.png`), back at the desktop size after.
 */
export async function consoleShot(
  page: Page,
  name: string,
  sizes: Record<string, { width: number; height: number }> = {},
): Promise<void> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  if (!screenshots) return;
  const entries = Object.entries(sizes);
  if (entries.length === 0) return shoot(page, `admin-${name}-light.png`);
  for (const [size, viewport] of entries) {
    await page.setViewportSize(viewport);
    await shoot(page, `admin-${name}-${size}-light.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
