import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests at a phone viewport, in Debian's Chromium (never a downloaded browser), against
 * the real server on a fresh embedded database. Each worker starts its own server on E2E_PORT
 * (8181) plus its index (e2e/fixtures.ts, which also gives `baseURL`); E2E_WORKERS sets how many
 * run at once.
 */
export default defineConfig({
  testDir: 'e2e',
  // 120 s: a flow of a dozen pages that takes 20 s on a quiet machine took 55–60 s in CI, where
  // two servers and two browsers share two cores (five tests were within 6 s of 60).
  timeout: 120_000,
  // 20 s: a worker's first pages run beside a new server writing its history on two busy
  // cores (16 s to run the app's code was seen in CI); only a failing wait takes that long.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  outputDir: '.test-results/playwright',
  use: {
    ...devices['iPhone 13'],
    browserName: 'chromium',
    defaultBrowserType: 'chromium',
    viewport: { width: 375, height: 812 },
    // The app's popups, masks and toasts honour it (app/reducedMotion.ts): no animation to wait for.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
});
