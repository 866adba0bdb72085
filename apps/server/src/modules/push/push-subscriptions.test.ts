import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '@hx/db';
import { call } from '../../test/harness.ts';
import { auth, seedUser, type MoneyApp } from '../wallet/test-kit.ts';
import { pushConfig as config, pushMoves, pushWorld, type PushWorld } from './push-kit.ts';
import { subscribe } from './service.ts';
import { Browser, type TestPushService } from './test-push-service.ts';

/** Subscribing a browser, its checks, and which kinds of event a user wants pushed. */
let world: PushWorld;
let t: MoneyApp;
let service: TestPushService;
beforeAll(async () => {
  world = await pushWorld();
  ({ t, service } = world);
});
afterAll(() => world.close());
beforeEach(() => {
  service.requests.length = 0;
});
const { post, subscribed } = pushMoves(() => world);

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
