import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase, meta, pushSubscriptions, type Database } from '@hx/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { notify, notifyNow } from '../notifications/notify.ts';
import { auth, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { PushDelivery } from './delivery.ts';
import { vapidKeys, vapidSubject } from './keys.ts';
import { subscribe } from './service.ts';
import { Browser, TestPushService, vapidClaims } from './test-push-service.ts';

/**
 * Web push end to end: a browser (a real P-256 key pair) subscribes through the API, an outcome
 * notifies its user, and the push service on 127.0.0.1 receives what a real one would: a POST
 * with TTL, aes128gcm and a signed VAPID header, whose body the browser decrypts.
 */
let t: MoneyApp;
let database: Database;
let service: TestPushService;
const clock = manualClock(new Date('2026-01-05T00:00:10Z'));
const config = { ...loadConfig({}), vapidSubject: 'mailto:ops@example.com' };

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db, config);
  const app = await buildApp({ config, database, clock, market: { symbols: ['BTCUSDT'] } });
  t = { app, clock, config, db: database.db, close: async () => undefined };
  service = await TestPushService.start();
  await tick('65000');
});
afterAll(async () => {
  await t.app.close();
  await database.close();
  await service.close();
});
beforeEach(() => {
  service.requests.length = 0;
});

/** One recorded tick a second later; resolves once alerts fired and their pushes were sent. */
async function tick(price: string) {
  clock.advance(1000);
  t.app.market.ingest([{ symbol: 'BTCUSDT', time: clock.now().getTime(), price, volume: '1' }]);
  await t.app.market.flush();
  await t.app.alerts.trigger.idle();
  await t.app.push.idle();
}

const post = (user: TestUser, path: string, fields: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', path, fields, auth(user.token, { lang }));
const subscribed = async (user: TestUser, browser: Browser) => {
  const { status, body } = await post(user, 'push/subscribe', browser.form);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.message as { devices: number };
};
/** An alert above the current price, then the tick that fires it. */
async function fireAlert(user: TestUser, level = 66000) {
  await tick('65000');
  const created = await post(user, 'alerts', {
    symbol: 'BTCUSDT',
    condition: 'above',
    price: String(level),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await tick(String(level + 500));
}

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

describe('subscribing and preferences', () => {
  it('takes a JSON PushSubscription as well as form fields', async () => {
    const user = await seedUser(t);
    const browser = new Browser(service, 'json');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { authorization: user.token, 'content-type': 'application/json' },
      payload: JSON.stringify(browser.subscription),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(row).toMatchObject({ userId: user.id, ...browser.subscription.keys });
  });

  it('lists every kind of event on by default', async () => {
    const user = await seedUser(t);
    const { body } = await call(t.app, 'GET', 'push/preferences', {}, auth(user.token));
    expect(body.message).toEqual({
      list: ['orders', 'alerts', 'options', 'funds', 'account'].map((kind) => ({
        kind,
        push: true,
      })),
      devices: 0,
      this_device: false,
    });
  });

  it('refuses bad input with translated errors and stores nothing', async () => {
    const user = await seedUser(t);
    const good = new Browser(service, 'good').form;
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const cases: [Record<string, string>, string, string][] = [
      [
        { ...good, endpoint: 'http://push.example.com/x' },
        'PUSH_ENDPOINT_INVALID',
        '此浏览器提供的推送地址无效',
      ],
      [{ ...good, endpoint: 'not a url' }, 'PUSH_ENDPOINT_INVALID', '此浏览器提供的推送地址无效'],
      [
        { ...good, endpoint: 'https://u:p@push.example.com/x' },
        'PUSH_ENDPOINT_INVALID',
        '此浏览器提供的推送地址无效',
      ],
      [{ ...good, endpoint: '' }, 'PUSH_ENDPOINT_INVALID', '此浏览器提供的推送地址无效'],
      [{ ...good, 'keys[p256dh]': 'abc' }, 'PUSH_KEYS_INVALID', '此浏览器提供的推送密钥无效'],
      [
        { ...good, 'keys[p256dh]': offCurve.toString('base64url') },
        'PUSH_KEYS_INVALID',
        '此浏览器提供的推送密钥无效',
      ],
      [{ ...good, 'keys[auth]': 'not base64!' }, 'PUSH_KEYS_INVALID', '此浏览器提供的推送密钥无效'],
      [{ endpoint: good.endpoint! }, 'PUSH_KEYS_INVALID', '此浏览器提供的推送密钥无效'],
    ];
    for (const [fields, code, message] of cases) {
      const { status, body } = await post(user, 'push/subscribe', fields, 'zh');
      expect([status, body.code, body.message], JSON.stringify(fields)).toEqual([
        400,
        code,
        message,
      ]);
    }
    const kind = await post(user, 'push/preferences', { kind: 'everything', push: '1' }, 'esp');
    expect([kind.status, kind.body.code, kind.body.message]).toEqual([
      400,
      'PUSH_KIND_INVALID',
      'Elige un tipo de notificación',
    ]);
    const flag = await post(user, 'push/preferences', { kind: 'orders', push: 'maybe' }, 'jp');
    expect([flag.status, flag.body.code, flag.body.message]).toEqual([
      400,
      'VALIDATION',
      '無効な値です：push',
    ]);
    const { body } = await call(t.app, 'GET', 'push/preferences', {}, auth(user.token));
    expect(body.message.devices).toBe(0);
    expect(body.message.list.every((p: { push: boolean }) => p.push)).toBe(true);
    for (const path of ['push/subscribe', 'push/unsubscribe', 'push/preferences'])
      expect((await call(t.app, 'POST', path, good)).status).toBe(401);
  });

  it('refuses an http endpoint in production', async () => {
    const user = await seedUser(t);
    const browser = new Browser(service, 'prod');
    const production = { ...config, mode: 'production' as const };
    await expect(subscribe(t.db, production, user.id, browser.subscription)).rejects.toMatchObject({
      code: 'PUSH_ENDPOINT_INVALID',
    });
  });

  it("sends only to the browsers' push services, never to another host a user names", async () => {
    const user = await seedUser(t);
    const browser = new Browser(service, 'hosts');
    const at = (endpoint: string) => ({ ...browser.subscription, endpoint });
    const production = { ...config, mode: 'production' as const };
    for (const endpoint of [
      'https://internal.example/admin',
      'https://fcm.googleapis.com.evil.example/x',
      'https://10.0.0.1/push',
    ])
      await expect(subscribe(t.db, production, user.id, at(endpoint))).rejects.toMatchObject({
        code: 'PUSH_ENDPOINT_INVALID',
      });
    const fcm = 'https://fcm.googleapis.com/fcm/send/abc:def';
    await subscribe(t.db, production, user.id, at(fcm));
    await subscribe(t.db, production, user.id, at('https://web.push.apple.com/QGx'));
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual([fcm, 'https://web.push.apple.com/QGx']);
  });

  it('keeps at most 10 browsers per user, forgetting the oldest', async () => {
    const user = await seedUser(t);
    const browsers = Array.from({ length: 11 }, (_, i) => new Browser(service, `many-${i}`));
    for (const b of browsers) await subscribed(user, b);
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((b) => b.endpoint)
        .sort(),
    );
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
      { db: t.db, log, keys, subject: 'mailto:ops@example.com' },
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
