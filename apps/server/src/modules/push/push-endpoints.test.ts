import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '@hx/db';
import { loadConfig } from '../../config.ts';
import { notify } from '../notifications/notify.ts';
import { seedUser, type MoneyApp } from '../wallet/test-kit.ts';
import { PushDelivery } from './delivery.ts';
import { isNonPublicAddress, publicOnlyLookup } from './endpoint-guard.ts';
import { vapidKeys } from './keys.ts';
import { pushMoves, pushWorld, type PushWorld } from './push-kit.ts';
import { knownPushService } from './service.ts';
import { Browser, type TestPushService } from './test-push-service.ts';

/** The server posts where a browser says: never to this machine or its network (issue 35). */
let world: PushWorld;
let t: MoneyApp;
let service: TestPushService;
beforeAll(async () => {
  world = await pushWorld();
  ({ t, service } = world);
});
afterAll(() => world.close());
const { post } = pushMoves(() => world);

/** This machine, its networks and link-local, as a user might spell them. */
const NON_PUBLIC = [
  'http://127.0.0.1/push/a',
  'https://127.0.0.1/push/a',
  'https://127.1/push/a',
  'https://2130706433/push/a',
  'https://0x7f000001/push/a',
  'https://0177.0.0.1/push/a',
  'https://localhost/push/a',
  'https://[::1]/push/a',
  'https://[::ffff:127.0.0.1]/push/a',
  'https://[::ffff:7f00:1]/push/a',
  'https://10.1.2.3/push/a',
  'https://172.16.0.9/push/a',
  'https://192.168.1.1/push/a',
  'https://169.254.169.254/latest/meta-data',
  'https://[fe80::1]/push/a',
  'https://[fd00::1]/push/a',
  'https://0.0.0.0/push/a',
];

describe('push endpoints', () => {
  it('refuses this machine and private networks in demo mode too, however written', async () => {
    expect(t.app.config.mode).toBe('demo');
    const user = await seedUser(t);
    const browser = new Browser(service, 'spelled');
    // Another port of this machine than the receiver the test names.
    const otherPort = `http://127.0.0.1:${Number(new URL(service.origin).port) + 1}/push/a`;
    for (const endpoint of [...NON_PUBLIC, otherPort]) {
      const { status, body } = await post(user, 'push/subscribe', { ...browser.form, endpoint });
      expect([endpoint, status, body.code]).toEqual([endpoint, 400, 'PUSH_ENDPOINT_INVALID']);
    }
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
    // The receiver named in PUSH_SERVICE_HOSTS, as named, is taken.
    expect((await post(user, 'push/subscribe', browser.form)).status).toBe(200);
  });

  it('refuses them in production too, even when PUSH_SERVICE_HOSTS names an address', () => {
    const config = { ...loadConfig({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,10.1.2.3' }) };
    for (const endpoint of NON_PUBLIC)
      expect([endpoint, knownPushService(config, endpoint)]).toEqual([endpoint, false]);
    expect(knownPushService(config, 'https://fcm.googleapis.com/fcm/send/x')).toBe(true);
  });

  it('tells public addresses from the rest, IPv4 inside IPv6 included', () => {
    for (const a of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '[2a00:1450::1]'])
      expect([a, isNonPublicAddress(a)]).toEqual([a, false]);
    for (const a of [
      '127.0.0.1',
      '::1',
      '::ffff:7f00:1',
      '::ffff:192.168.0.1',
      '::127.0.0.1',
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
      'fe80::1%eth0',
      '100.64.0.1',
      'not an address',
    ])
      expect([a, isNonPublicAddress(a)]).toEqual([a, true]);
  });

  it('does not send to a push host whose name resolves to this machine', async () => {
    const resolved = await new Promise<string>((resolve) =>
      publicOnlyLookup('localhost', {}, (err) => resolve(err ? String(err.message) : 'connected')),
    );
    expect(resolved).toMatch(/non-public address/);

    // A host name allowed by PUSH_SERVICE_HOSTS that points at 127.0.0.1: refused when sending.
    const port = new URL(service.origin).port;
    const user = await seedUser(t);
    const browser = new Browser(service, 'dns');
    const endpoint = `http://localhost:${port}/push/dns`;
    await t.db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint,
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
    });
    const warned: string[] = [];
    const log = Object.assign(Object.create(t.app.log) as FastifyBaseLogger, {
      warn: (_: unknown, message: string) => void warned.push(message),
    });
    const hosts = [...t.app.config.pushServiceHosts, 'localhost'];
    const delivery = new PushDelivery({
      db: t.db,
      log,
      keys: await vapidKeys(t.db, world.clock.now()),
      subject: 'mailto:ops@example.com',
      pushServiceHosts: hosts,
    });
    const told = await notify(t.db, {
      userId: user.id,
      kind: 'security_password_changed',
      facts: {},
      at: world.clock.now(),
    });
    // http on a name is not a push service either; over https the lookup refuses it.
    delivery.enqueue([told]);
    await delivery.idle();
    await t.db
      .update(pushSubscriptions)
      .set({ endpoint: endpoint.replace('http:', 'https:') })
      .where(eq(pushSubscriptions.endpoint, endpoint));
    delivery.enqueue([told]);
    await delivery.idle();
    expect(warned).toEqual([
      'push endpoint not on a push service: not sent',
      'push message not sent',
    ]);
    expect(service.requests.filter((r) => r.path === '/push/dns')).toEqual([]);
    await delivery.stop();
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('takes host names and a receiver’s whole origin, and refuses anything else at start', () => {
    const hosts = loadConfig({
      PUSH_SERVICE_HOSTS: 'FCM.googleapis.com, http://127.0.0.1:9400',
    }).pushServiceHosts;
    expect(hosts).toEqual(['fcm.googleapis.com', 'http://127.0.0.1:9400']);
    expect(knownPushService({ pushServiceHosts: hosts }, 'http://127.0.0.1:9400/push/x')).toBe(
      true,
    );
    expect(knownPushService({ pushServiceHosts: hosts }, 'http://127.0.0.1:9401/push/x')).toBe(
      false,
    );
    for (const bad of ['http://127.0.0.1:9400/path', 'ftp://x.example', 'no_dots', 'a b.example'])
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});
