import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  dataDir,
  TID,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  snapshotSchemes,
} from './support.ts';

const en = messages('en');
/** The service worker this worker's server serves (its own copy of the built app). */
const builtWorker = new URL('h5/sw.js', dataDir);

/** The service worker controls the page and has kept every asset the page loaded. */
async function workerHasKeptThePage(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return 'not controlled';
        const base = `${location.origin}/h5/assets/`;
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(base));
        for (const url of loaded) if (!(await caches.match(url))) return `missing ${url}`;
        return 'kept';
      }),
    )
    .toBe('kept');
}

/**
 * Nothing of the app arrives but index.html: its scripts never come, its stylesheets fail, and
 * the server's answers (`answers`: none, or the settings) never come either.
 */
async function onlyIndexHtml(page: Page, answers: '**/api/**' | '**/api/config') {
  await page.route('**/h5/assets/*.js', () => {});
  await page.route('**/h5/assets/*.css', (route) => route.abort());
  await page.route(answers, () => {});
}

/** PNG width and height from its header, after checking the signature. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('installable: a valid manifest with real icons, a service worker that controls the page', async ({
  page,
}) => {
  await open(page, '/pages/index/index');
  await expect(page).toHaveTitle('Honest Exchange');
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).toContain('viewport-fit=cover');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/h5/manifest.webmanifest');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Honest Exchange',
    short_name: 'Honest',
    start_url: '/h5/',
    scope: '/h5/',
    display: 'standalone',
    theme_color: '#ffffff',
    background_color: '#f4f6f9',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const { src, sizes } of [...icons, { src: touchIcon!, sizes: '180x180' }]) {
    const response = await page.request.get(new URL(src, page.url()).href);
    expect(response.status(), src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()).join('x')).toBe(sizes);
  }

  // Registered after the first paint; from the next load on it serves the app.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/h5\/sw\.js$/);
  await expect(page.getByTestId(TID.market.row('BTCUSDT'))).toBeVisible();
});

test('the app opens offline with the last known prices, marked as stale', async ({
  page,
  context,
}) => {
  await open(page, '/pages/index/index');
  const btc = page.getByTestId(TID.market.price('BTCUSDT'));
  await expect(btc).toHaveText(/\d/, { timeout: 20_000 });
  await expect(page.getByTestId(TID.market.stale)).toHaveCount(0);
  await workerHasKeptThePage(page);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('hx.lastQuotes.spot')))
    .toContain('BTCUSDT');
  const kept = await page.evaluate(
    () => JSON.parse(localStorage.getItem('hx.lastQuotes.spot')!) as { time: number },
  );
  // The trade page, visited once, is kept too.
  await page.getByTestId(TID.tab.trade).click();
  await expect(page.getByTestId(TID.spot.pair)).toBeVisible();
  await expect(page.getByTestId(TID.spot.last)).toHaveText(/\d/);
  await page.getByTestId(TID.tab.home).click();
  await expect(btc).toBeVisible();

  await context.setOffline(true);
  // Really offline: the server cannot be reached from the page.
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'reached',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);

  const banner = page.getByTestId(TID.shell.connection);
  await expect(banner).toHaveText(text(en, 'connection.offline'));
  await expect(banner).toHaveAttribute('data-state', 'offline');
  await expect(btc).toHaveText(/\d/);
  const stale = page.getByTestId(TID.market.stale);
  await expect(stale).toContainText(text(en, 'connection.stale'));
  await expect(stale).toHaveAttribute('data-since', String(kept.time));
  // The bar sits above the tab bar, and the page ends where it begins.
  const [bar, tabs, body] = await Promise.all([
    banner.boundingBox(),
    page.locator('.hx-tabbar').boundingBox(),
    page.locator('.hx-page').boundingBox(),
  ]);
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(tabs!.y + 1); // its top border
  expect(body!.y + body!.height).toBeLessThanOrEqual(bar!.y + 0.5);
  await stale.scrollIntoViewIfNeeded();
  await snapshotSchemes(page, 'pwa-offline-home');
  // Trading needs the connection: the trade page opens and says so (nothing is queued).
  await page.getByTestId(TID.tab.trade).click();
  await expect(
    page.locator('.hx-page').getByText(text(en, 'connection.offlineError')),
  ).toBeVisible();
  // With the pair and its last known price (kept when the page was seen), marked as stale; a
  // reload offline shows them too.
  for (const reloaded of [false, true]) {
    if (reloaded) expect((await page.reload())?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId(TID.spot.pair)).toHaveText('BTC/USDT');
    await expect(page.getByTestId(TID.spot.last)).toHaveText(/\d/);
    await expect(page.getByTestId(TID.spot.keptNote)).toContainText(text(en, 'connection.stale'));
    await expect(page.getByTestId(TID.spot.change)).toHaveText(/%$/);
  }
  await snapshotSchemes(page, 'pwa-offline-trade');
  await page.getByTestId(TID.tab.home).click();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
  await expect(stale).toHaveCount(0);
});

test.describe('live socket', () => {
  // Requests go straight to the network, so the test's routes see every one of them.
  test.use({ serviceWorkers: 'block' });

  test('a dropped socket shows "not live" until it is back, and no error stays behind', async ({
    page,
    request,
  }) => {
    await signIn(page, await registerByApi(request, 'pwa-socket'));
    let blocked = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws/, (ws) => {
      if (blocked) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await open(page, '/pages/trade/index?symbol=BTCUSDT');
    await expect(page.getByTestId(TID.spot.ask(0))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(text(en, 'spot.noOrders'))).toBeVisible();
    const banner = page.getByTestId(TID.shell.connection);
    await expect(banner).toHaveCount(0);

    // The connection goes: the socket drops and the server cannot be reached.
    blocked = true;
    await page.route('**/api/**', (route) => route.abort());
    for (const ws of sockets.splice(0)) await ws.close();
    await expect(banner).toHaveText(text(en, 'connection.notLive'));
    await expect(banner).toHaveAttribute('data-state', 'lost');
    // The bar covers neither the navigation bar nor the tab bar.
    const [bar, nav, tabs] = await Promise.all([
      banner.boundingBox(),
      page.locator('.hx-navbar').boundingBox(),
      page.locator('.hx-tabbar').boundingBox(),
    ]);
    expect(bar!.y).toBeGreaterThan(nav!.y + nav!.height);
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(tabs!.y + 1); // its top border
    await snapshotSchemes(page, 'pwa-socket-lost-trade');

    // What is opened meanwhile fails to load (after its retries): the list says so.
    await page.getByTestId(TID.spot.tab('history')).click();
    const networkError = page.locator('.hx-spot-panel').getByText(text(en, 'errors.network'));
    await expect(networkError).toBeVisible({ timeout: 15_000 });

    // Back: the banner goes and what failed meanwhile loads again.
    await page.unroute('**/api/**');
    blocked = false;
    await expect(banner).toHaveCount(0, { timeout: 40_000 });
    await expect(page.getByText(text(en, 'spot.noHistory'))).toBeVisible();
    await expect(networkError).toHaveCount(0);

    // Home meanwhile: its list is marked stale while the socket is down, and not after.
    await page.getByTestId(TID.tab.home).click();
    await expect(page.getByTestId(TID.market.price('BTCUSDT'))).toHaveText(/\d/);
    await expect(page.getByTestId(TID.market.stale)).toHaveCount(0);
    blocked = true;
    for (const ws of sockets.splice(0)) await ws.close();
    await expect(banner).toBeVisible();
    await expect(page.getByTestId(TID.market.stale)).toContainText(text(en, 'connection.stale'));
    blocked = false;
    await expect(banner).toHaveCount(0, { timeout: 40_000 });
    await expect(page.getByTestId(TID.market.stale)).toHaveCount(0);
  });
});

test('a new deployment shows "new version" with Reload, which switches to it', async ({ page }) => {
  await open(page, '/pages/index/index');
  await expect(page.getByTestId(TID.market.row('BTCUSDT'))).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/h5\/sw\.js$/);
  const prompt = page.getByTestId(TID.shell.update);
  await expect(prompt).toHaveCount(0);

  // "Deploy" a new version: the worker's script changes on the server.
  const original = readFileSync(builtWorker);
  try {
    appendFileSync(builtWorker, `\n// e2e: another deployment ${Date.now()}\n`);
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
    );
    await expect(prompt).toContainText(text(en, 'update.available'));
    await expect(page.getByTestId(TID.shell.updateReload)).toHaveText(text(en, 'update.reload'));
    await snapshotSchemes(page, 'pwa-update-prompt');

    const waiting = await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null),
    );
    expect(waiting).toBe('installed');
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.getByTestId(TID.shell.updateReload).click(),
    ]);
    await expect(page.getByTestId(TID.market.row('BTCUSDT'))).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null),
      ),
    ).toBeNull();
  } finally {
    writeFileSync(builtWorker, original);
  }
});

test('index.html paints a splash in the theme colours before any script arrives', async ({
  page,
}) => {
  await onlyIndexHtml(page, '**/api/config');
  const splash = page.locator('.hx-splash');
  const background = { light: 'rgb(244, 246, 249)', dark: 'rgb(27, 44, 66)' };
  for (const colorScheme of ['light', 'dark'] as const) {
    // The inline theme snippet picks the theme before the first paint.
    await page.emulateMedia({ colorScheme });
    // A page without a first screen of its own (home draws one at once, from the page); from
    // a blank page, as a second visit to the same hash would not load the document again.
    await page.goto('about:blank');
    await page.goto('/h5/#/pages/trade/index', { waitUntil: 'commit' });
    await expect(splash).toBeVisible();
    await expect(splash).toContainText('Honest Exchange');
    await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', colorScheme);
    await expect(page.locator('html')).toHaveCSS('background-color', background[colorScheme]);
    await snapshot(page, 'pwa-splash');
  }
});

test("home's first screen paints from index.html alone, before any script or answer, and React takes over in place", async ({
  page,
}) => {
  const en = messages('en');
  // As on a network that stalls after the page: the server's name and mode come in it.
  await onlyIndexHtml(page, '**/api/config');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/h5/', { waitUntil: 'commit' });
    await expect(page.locator('meta[name="hx-mode"]')).toHaveAttribute('content', 'demo');
    const first = page.locator('.hx-first');
    await expect(first).toBeVisible();
    // The server's name and mode, and the home page's own texts; no price is drawn.
    await expect(first).toContainText('Honest Exchange');
    await expect(first).toContainText(text(en, 'home.demoNotice'));
    await expect(page.locator('.hx-splash')).toHaveCount(0);
    await expect(page).toHaveTitle('Honest Exchange');
    await snapshot(page, 'pwa-home-first-screen');
  }
  const drawn = await page.locator('.hx-first .f-demo').boundingBox();
  // With its code, the page draws the notice where the first screen drew it.
  await page.unrouteAll();
  await page.goto('/h5/');
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
  await expect(page.locator('.hx-first')).toHaveCount(0);
  const notice = page.getByText(text(en, 'home.demoNotice'));
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  expect(Math.round(box!.y)).toBe(Math.round(drawn!.y));
  expect(Math.round(box!.height)).toBe(Math.round(drawn!.height));
});

test("the assets tab's frame paints from index.html with a stored session, before any script or answer, with no balance, and React takes over in place", async ({
  page,
  request,
}) => {
  // Nothing but index.html arrives: no script, no stylesheet, no answer from the server.
  await onlyIndexHtml(page, '**/api/**');
  const first = page.locator('.hx-first');
  const note = text(en, 'assets.valueNote');
  // A visitor there keeps the splash (the page asks to log in).
  await page.goto('/h5/#/pages/assets/index', { waitUntil: 'commit' });
  await expect(page.locator('.hx-splash')).toBeVisible();
  await expect(first).toHaveCount(0);

  await signIn(page, await registerByApi(request, 'assets-first'));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('about:blank');
    await page.goto('/h5/#/pages/assets/index', { waitUntil: 'commit' });
    await expect(first).toBeVisible();
    await expect(page.locator('.hx-splash')).toHaveCount(0);
    for (const key of ['tabPages.assets.title', 'assets.quick.deposit', 'money.accounts.trust'])
      await expect(first).toContainText(text(en, key));
    await expect(first).toContainText(note);
    // Amounts are dashes until the balances arrive: no number is drawn.
    await expect(first.locator('.fa-total')).toHaveText('--');
    await expect(first).not.toContainText(/\d/);
    await snapshot(page, 'pwa-assets-first-screen');
  }
  const drawn = await first.getByText(note).boundingBox();
  const card = await first.getByText(text(en, 'money.accounts.trust')).boundingBox();

  // With its code, the page draws its note and cards where the frame drew them.
  await page.unrouteAll();
  await page.goto('about:blank');
  await page.goto('/h5/#/pages/assets/index');
  await expect(page.getByTestId(TID.assets.total)).toBeVisible();
  await expect(first).toHaveCount(0);
  const box = await page.getByText(note).boundingBox();
  expect([box!.y, box!.height].map(Math.round)).toEqual([drawn!.y, drawn!.height].map(Math.round));
  const name = await page
    .getByTestId(TID.assets.card('trust'))
    .getByText(text(en, 'money.accounts.trust'))
    .boundingBox();
  expect([name!.x, name!.y].map(Math.round)).toEqual([card!.x, card!.y].map(Math.round));
});
