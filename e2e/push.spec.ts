import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  Browser,
  TestPushService,
  vapidClaims,
} from '../apps/server/src/modules/push/test-push-service.ts';
import {
  TID,
  baseURL,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  type ApiUser,
  snapshotSchemes,
} from './support.ts';

const en = messages('en');

async function preferences(request: APIRequestContext, user: ApiUser) {
  const response = await request.get('/api/push/preferences', { headers: user.headers });
  expect(response.ok()).toBe(true);
  return (await response.json()).message as {
    list: { kind: string; push: boolean }[];
    devices: number;
  };
}

/** The home page once the app's service worker is registered (production build). */
async function withWorker(page: Page) {
  await open(page, '/pages/index/index');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** From the app's own navigation: settings, then push notifications. */
async function openPushSettings(page: Page) {
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.settings.push).click();
  await expect(page.getByRole('heading', { name: text(en, 'push.title') })).toBeVisible();
}

test('switches per kind of event persist; a real subscribe in this Chromium', async ({
  page,
  context,
  request,
}) => {
  const user = await registerByApi(request, 'push-real');
  await signIn(page, user);
  await context.grantPermissions(['notifications']);
  await withWorker(page);
  await openPushSettings(page);
  const status = page.getByTestId(TID.push.status);
  await expect(status).toHaveAttribute('data-state', 'off');
  await expect(status).toHaveText(text(en, 'push.status.off'));
  await expect(page.getByTestId(TID.push.devices)).toContainText(
    text(en, 'push.devices').replace('{{count}}', '0'),
  );

  // Every switch starts on; one turned off stays off after a reload, on the server too.
  const alerts = page.getByTestId(TID.push.kind('alerts'));
  for (const kind of ['orders', 'alerts', 'options', 'funds', 'account'])
    await expect(page.getByTestId(TID.push.kind(kind))).toHaveAttribute('aria-checked', 'true');
  await alerts.click();
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => (await preferences(request, user)).list)
    .toContainEqual({ kind: 'alerts', push: false });
  await page.reload();
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId(TID.push.kind('orders'))).toHaveAttribute('aria-checked', 'true');
  await snapshotSchemes(page, 'push-off');

  // A real subscription needs the browser's push service (Google's, for Chromium). Offline, the
  // browser refuses: the page says so and the server stores nothing. Online, it is on.
  const key = (await (await request.get('/api/push/key', { headers: user.headers })).json()).message
    .public_key as string;
  const browserSays = await page.evaluate(async (key) => {
    const registration = await navigator.serviceWorker.ready;
    const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    return registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: bytes })
      .then(
        (s) => s.unsubscribe().then(() => `subscribed at ${new URL(s.endpoint).origin}`),
        (e: Error) => `${e.name}: ${e.message}`,
      );
  }, key);
  console.log(`the browser, asked to subscribe: ${browserSays}`);
  await page.getByTestId(TID.push.turnOn).click();
  const failed = page.getByText(text(en, 'push.failed'));
  await expect(failed.or(page.locator('[data-state="on"]'))).toBeVisible({ timeout: 30_000 });
  const outcome = (await failed.isVisible()) ? 'refused' : 'subscribed';
  console.log(`a real subscribe in this Chromium: ${outcome}`);
  if (outcome === 'subscribed') {
    expect((await preferences(request, user)).devices).toBe(1);
    await page.getByTestId(TID.push.turnOff).click();
    await expect(status).toHaveAttribute('data-state', 'off');
  } else {
    await expect(status).toHaveAttribute('data-state', 'off');
  }
  expect((await preferences(request, user)).devices).toBe(0);
});

test('turning on posts the subscription; a login is pushed to it, encrypted; turning off ends it', async ({
  page,
  context,
  request,
}) => {
  // This browser's push service is a local one: the page's PushManager hands out a subscription
  // to it with keys made here, so the test reads what the server pushes.
  // On the port e2e/server.mjs names in PUSH_SERVICE_HOSTS: no other local address is sent to.
  const service = await TestPushService.start(Number(new URL(baseURL).port) + 1000);
  const browser = new Browser(service, 'e2e');
  try {
    const user = await registerByApi(request, 'push-local');
    await signIn(page, user);
    await context.grantPermissions(['notifications']);
    await page.addInitScript((subscription) => {
      let current: PushSubscription | null = null;
      const made = {
        endpoint: subscription.endpoint,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => subscription,
        unsubscribe: async () => {
          current = null;
          (window as unknown as { unsubscribed: boolean }).unsubscribed = true;
          return true;
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => (current = made);
      PushManager.prototype.getSubscription = async () => current;
    }, browser.subscription);
    await withWorker(page);
    await openPushSettings(page);
    const status = page.getByTestId(TID.push.status);
    await expect(status).toHaveAttribute('data-state', 'off');
    await page.getByTestId(TID.push.turnOn).click();
    await expect(status).toHaveAttribute('data-state', 'on');
    await expect(status).toHaveText(text(en, 'push.status.on'));
    await expect(page.getByTestId(TID.push.devices)).toContainText(
      text(en, 'push.devices').replace('{{count}}', '1'),
    );
    await snapshotSchemes(page, 'push-on');

    // A login elsewhere: the server pushes it to this subscription.
    const login = await request.post('/api/user/login', {
      form: { account: user.email, password: user.password },
    });
    expect(login.ok()).toBe(true);
    await expect.poll(() => service.to(browser).length).toBe(1);
    const [pushed] = service.to(browser);
    expect(pushed!.method).toBe('POST');
    expect(pushed!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(pushed!.headers.ttl)).toBeGreaterThan(0);
    const key = (await (await request.get('/api/push/key', { headers: user.headers })).json())
      .message.public_key;
    const vapid = vapidClaims(String(pushed!.headers.authorization));
    expect([vapid.k, vapid.signed, vapid.claims.aud]).toEqual([key, true, service.origin]);
    expect(JSON.parse(browser.decrypt(pushed!.body))).toMatchObject({
      kind: expect.stringMatching(/^security_(login|new_device)$/),
      title: expect.stringMatching(/login/i),
      url: '/h5/#/pages/notifications/index',
    });

    // Off: the browser's subscription ends and the server forgets it.
    await page.getByTestId(TID.push.turnOff).click();
    await expect(status).toHaveAttribute('data-state', 'off');
    expect(
      await page.evaluate(() => (window as unknown as { unsubscribed: boolean }).unsubscribed),
    ).toBe(true);
    expect((await preferences(request, user)).devices).toBe(0);
  } finally {
    await service.close();
  }
});

test('the service worker shows a pushed message, in the words the server wrote', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await withWorker(page);
  const cdp = await context.newCDPSession(page);
  // The app's registration once a version of its worker is activated: a push delivered to a
  // registration whose worker is still installing is dropped.
  const ours = new Set<string>();
  const activated = new Set<string>();
  const registration = new Promise<string>((resolve) => {
    const check = () => {
      for (const id of ours) if (activated.has(id)) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (r.scopeURL.endsWith('/h5/')) ours.add(r.registrationId);
      check();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      check();
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    id: 42,
    kind: 'price_alert',
    title: 'Price alert: BTC/USDT',
    body: 'BTC/USDT is at or above 66,000.00. Recorded price: 66,500.00.',
    url: '/h5/#/pages/notifications/index',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        }));
      }),
    )
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: 'hx-42',
        url: new URL(message.url, page.url()).href,
      },
    ]);
});

test('says so when the browser cannot push, or notifications are blocked', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request, 'push-states');
  await signIn(page, user);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e.push') === 'denied')
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    else delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  await openPushSettings(page);
  const status = page.getByTestId(TID.push.status);
  await expect(status).toHaveAttribute('data-state', 'unsupported');
  await expect(page.getByText(text(en, 'push.unsupportedHint'))).toBeVisible();
  await expect(page.getByTestId(TID.push.turnOn)).toHaveCount(0);
  await snapshotSchemes(page, 'push-unsupported');

  await page.evaluate(() => sessionStorage.setItem('e2e.push', 'denied'));
  await page.reload();
  await expect(status).toHaveAttribute('data-state', 'denied');
  await expect(page.getByText(text(en, 'push.deniedHint'))).toBeVisible();
  await expect(page.getByTestId(TID.push.turnOn)).toHaveCount(0);
  // The switches still work: they are kept for the user's other devices.
  await page.getByTestId(TID.push.kind('funds')).click();
  await expect
    .poll(async () => (await preferences(request, user)).list)
    .toContainEqual({ kind: 'funds', push: false });
  await snapshotSchemes(page, 'push-denied');
});

test('fits at 375 px in every language', async ({ page, request }) => {
  await signIn(page, await registerByApi(request, 'push-langs'));
  await open(page, '/pages/settings/push/index');
  for (const lang of ['en', 'zh', 'hk', 'jp', 'kr', 'esp', 'th']) {
    await page.evaluate((lang) => localStorage.setItem('hx.lang', lang), lang);
    await page.reload();
    const words = messages(lang);
    await expect(page.getByText(text(words, 'push.kinds.account'))).toBeVisible();
    // Nothing runs past the right edge, and no line of text is cut off by its box.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => el.className || el.tagName),
    );
    expect(cut, lang).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    if (lang === 'th' || lang === 'esp') await snapshot(page, `push-${lang}`);
  }
});
