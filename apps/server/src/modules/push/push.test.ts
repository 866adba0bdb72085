import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meta, pushSubscriptions } from '@hx/db';
import { loadConfig } from '../../config.ts';
import { call } from '../../test/harness.ts';
import { notify, notifyNow } from '../notifications/notify.ts';
import { auth, seedUser, type MoneyApp } from '../wallet/test-kit.ts';
import { PushDelivery } from './delivery.ts';
import { vapidKeys, vapidSubject } from './keys.ts';
import { pushMoves, pushWorld, type PushWorld } from './push-kit.ts';
import { Browser, vapidClaims, type TestPushService } from './test-push-service.ts';

/** The VAPID key and subject, delivery to the push service, and the queue in front of it. */
let world: PushWorld;
let t: MoneyApp;
let service: TestPushService;
let clock: PushWorld['clock'];
beforeAll(async () => {
  world = await pushWorld();
  ({ t, service, clock } = world);
});
afterAll(() => world.close());
beforeEach(() => {
  service.requests.length = 0;
});
const { post, subscribed, fireAlert } = pushMoves(() => world);

describe('the key', () => {
  it('is made once, kept in meta, and the same on every call', async () => {
    const user = await seedUser(t);
    const { status, body } = await call(t.app, 'GET', 'push/key', {}, auth(user.token));
    expect(status).toBe(200);
    const key = body.message.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const [row] = await t.db.select().from(meta).where(eq(meta.key, 'push.vapid'));
    expect(JSON.parse(row!.value)).toMatchObject({ publicKey: key });
    expect((await vapidKeys(t.db, clock.now())).publicKey).toBe(key); // a restart keeps it
    expect((await call(t.app, 'GET', 'push/key')).status).toBe(401);
  });
});

describe('the subject', () => {
  it('is VAPID_SUBJECT, else an https PUBLIC_URL, else the operator’s mail; checked at start', () => {
    const subject = (env: Record<string, string>) => vapidSubject(loadConfig(env));
    expect(
      subject({ VAPID_SUBJECT: 'mailto:ops@example.com', PUBLIC_URL: 'https://x.example' }),
    ).toBe('mailto:ops@example.com');
    expect(subject({ PUBLIC_URL: 'https://ex.example/', ADMIN_EMAIL: 'a@ex.example' })).toBe(
      'https://ex.example',
    );
    expect(subject({ PUBLIC_URL: 'http://ex.example', ADMIN_EMAIL: 'a@ex.example' })).toBe(
      'mailto:a@ex.example',
    );
    expect(subject({})).toMatch(/^mailto:/);
    for (const bad of ['ops@example.com', 'http://ex.example', 'mailto:'])
      expect(() => loadConfig({ VAPID_SUBJECT: bad }), bad).toThrow(/VAPID_SUBJECT/);
  });
});

describe('delivery', () => {
  it('pushes a fired price alert: POST, TTL, aes128gcm, VAPID for the origin, and the texts', async () => {
    const user = await seedUser(t);
    const browser = new Browser(service, 'alice');
    expect(await subscribed(user, browser)).toMatchObject({ devices: 1 });
    const key = (await call(t.app, 'GET', 'push/key', {}, auth(user.token))).body.message
      .public_key as string;

    await fireAlert(user);
    const [request, ...more] = service.to(browser);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/push/alice' });
    expect(request!.headers).toMatchObject({
      ttl: '86400',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    const vapid = vapidClaims(String(request!.headers.authorization));
    expect(vapid.k).toBe(key);
    expect(vapid.signed).toBe(true);
    expect(vapid.header.alg).toBe('ES256');
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.sub).toBe('mailto:ops@example.com');
    const now = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(now);
    expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    expect(JSON.parse(browser.decrypt(request!.body))).toEqual({
      id: expect.any(Number),
      kind: 'price_alert',
      title: 'Price alert: BTC/USDT',
      body: 'BTC/USDT is at or above 66,000.00. Recorded price: 66,500.00.',
      url: '/h5/#/pages/notifications/index',
    });
  });

  it('writes in the user’s language, to each of their browsers, and to no one else', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const phone = new Browser(service, 'phone');
    const laptop = new Browser(service, 'laptop');
    const theirs = new Browser(service, 'theirs');
    await subscribed(user, phone);
    expect(await subscribed(user, laptop)).toMatchObject({ devices: 2 });
    await subscribed(other, theirs);
    expect((await post(user, 'set/lang', { lang: 'zh' })).status).toBe(200);

    await notifyNow(t.app, {
      userId: user.id,
      kind: 'kyc_verified',
      facts: { level: 'basic' },
      at: clock.now(),
    });
    await t.app.push.idle();
    for (const browser of [phone, laptop]) {
      const [request] = service.to(browser);
      expect(JSON.parse(browser.decrypt(request!.body))).toMatchObject({
        kind: 'kyc_verified',
        title: '身份认证已通过',
        body: '您的初级认证已通过审核。',
      });
    }
    expect(service.to(theirs)).toEqual([]);
  });

  it('sends nothing for a kind of event switched off, and again once it is on', async () => {
    const user = await seedUser(t);
    const browser = new Browser(service, 'quiet');
    await subscribed(user, browser);
    const off = await post(user, 'push/preferences', { kind: 'alerts', push: '0' });
    expect(off.body.message.list).toContainEqual({ kind: 'alerts', push: false });
    expect(off.body.message.list).toContainEqual({ kind: 'account', push: true });

    await fireAlert(user);
    expect(service.to(browser)).toEqual([]);
    // Another kind of event still arrives.
    await notifyNow(t.app, {
      userId: user.id,
      kind: 'security_password_changed',
      facts: {},
      at: clock.now(),
    });
    await t.app.push.idle();
    expect(service.to(browser)).toHaveLength(1);

    await post(user, 'push/preferences', { kind: 'alerts', push: '1' });
    service.requests.length = 0;
    await fireAlert(user, 67000);
    expect(service.to(browser)).toHaveLength(1);
  });

  it('deletes a subscription the push service says is gone (410, 404), keeps it on a 500', async () => {
    const user = await seedUser(t);
    const gone = new Browser(service, 'gone');
    const lost = new Browser(service, 'lost');
    const busy = new Browser(service, 'busy');
    for (const b of [gone, lost, busy]) await subscribed(user, b);
    service.answers.set('/push/gone', 410);
    service.answers.set('/push/lost', 404);
    service.answers.set('/push/busy', 500);

    await fireAlert(user);
    expect(service.requests.map((r) => r.path).sort()).toEqual([
      '/push/busy',
      '/push/gone',
      '/push/lost',
    ]);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([{ endpoint: busy.endpoint }]);
  });

  it('stops after unsubscribe; an endpoint subscribed by another account moves to it', async () => {
    const user = await seedUser(t);
    const next = await seedUser(t);
    const browser = new Browser(service, 'shared');
    await subscribed(user, browser);
    expect(await subscribed(next, browser)).toMatchObject({ devices: 1, this_device: true });
    const asked = { endpoint: browser.endpoint };
    const theirs = await call(t.app, 'GET', 'push/preferences', asked, auth(next.token));
    expect(theirs.body.message).toMatchObject({ devices: 1, this_device: true });
    const mine = await call(t.app, 'GET', 'push/preferences', asked, auth(user.token));
    expect(mine.body.message).toMatchObject({ devices: 0, this_device: false });
    await fireAlert(user);
    expect(service.to(browser)).toEqual([]);

    // Unsubscribing someone else's endpoint does nothing; their own does.
    expect((await post(user, 'push/unsubscribe', { endpoint: browser.endpoint })).status).toBe(200);
    await notifyNow(t.app, {
      userId: next.id,
      kind: 'security_password_changed',
      facts: {},
      at: clock.now(),
    });
    await t.app.push.idle();
    expect(service.to(browser)).toHaveLength(1);
    await post(next, 'push/unsubscribe', { endpoint: browser.endpoint });
    await notifyNow(t.app, {
      userId: next.id,
      kind: 'security_password_changed',
      facts: {},
      at: clock.now(),
    });
    await t.app.push.idle();
    expect(service.to(browser)).toHaveLength(1);
  });
});

describe('the queue', () => {
  it('never makes the notifier wait: a hung push service times out, a full queue drops', async () => {
    const user = await seedUser(t);
    const hung = new Browser(service, 'hung');
    await subscribed(user, hung);
    service.answers.set('/push/hung', 0);
    const warned: string[] = [];
    const log = Object.assign(Object.create(t.app.log) as FastifyBaseLogger, {
      warn: (_: unknown, message: string) => void warned.push(message),
    });
    const keys = await vapidKeys(t.db, clock.now());
    const delivery = new PushDelivery(
      {
        db: t.db,
        log,
        keys,
        subject: 'mailto:ops@example.com',
        pushServiceHosts: t.app.config.pushServiceHosts,
      },
      { timeoutMs: 300, maxQueued: 2, concurrency: 1 },
    );
    const told = [];
    for (let i = 0; i < 3; i++)
      told.push(
        await notify(t.db, {
          userId: user.id,
          kind: 'security_password_changed',
          facts: {},
          at: clock.now(),
        }),
      );
    const started = performance.now();
    delivery.enqueue(told);
    expect(performance.now() - started).toBeLessThan(50);
    await delivery.idle();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(service.to(hung)).toHaveLength(2); // the third did not fit
    expect(warned).toEqual(['push queue full', 'push message not sent', 'push message not sent']);
    // A hung service is not a gone browser: the subscription stays.
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, hung.endpoint)),
    ).toHaveLength(1);
    await delivery.stop();
  });
});
