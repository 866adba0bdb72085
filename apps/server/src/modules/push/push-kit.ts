import { expect } from 'vitest';
import { freshDatabase } from '@hx/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { auth, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { TestPushService, type Browser } from './test-push-service.ts';

export const pushConfig = { ...loadConfig({}), vapidSubject: 'mailto:ops@example.com' };

export interface PushWorld {
  t: MoneyApp;
  clock: ReturnType<typeof manualClock>;
  service: TestPushService;
  close(): Promise<void>;
}

/**
 * Web push end to end: a browser (a real P-256 key pair) subscribes through the API, an outcome
 * notifies its user, and the push service on 127.0.0.1 receives what a real one would: a POST
 * with TTL, aes128gcm and a signed VAPID header, whose body the browser decrypts.
 */
export async function pushWorld(): Promise<PushWorld> {
  const clock = manualClock(new Date('2026-01-05T00:00:10Z'));
  // The receiver on 127.0.0.1 is named by its origin: no other address of this machine is sent to.
  const service = await TestPushService.start();
  const config = {
    ...pushConfig,
    pushServiceHosts: [...pushConfig.pushServiceHosts, service.origin],
  };
  const database = await freshDatabase();
  await seed(database.db, config);
  const app = await buildApp({ config, database, clock, market: { symbols: ['BTCUSDT'] } });
  const t = { app, clock, config, db: database.db, close: async () => undefined };
  const world: PushWorld = {
    t,
    clock,
    service,
    async close() {
      await app.close();
      await database.close();
      await service.close();
    },
  };
  await pushMoves(() => world).tick('65000');
  return world;
}

/** What the push tests do, on the world the test file holds. */
export function pushMoves(world: () => PushWorld) {
  /** One recorded tick a second later; resolves once alerts fired and their pushes were sent. */
  async function tick(price: string) {
    const { t, clock } = world();
    clock.advance(1000);
    t.app.market.ingest([{ symbol: 'BTCUSDT', time: clock.now().getTime(), price, volume: '1' }]);
    await t.app.market.flush();
    await t.app.alerts.trigger.idle();
    await t.app.push.idle();
  }

  const post = (user: TestUser, path: string, fields: Record<string, string>, lang = 'en') =>
    call(world().t.app, 'POST', path, fields, auth(user.token, { lang }));
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

  return { tick, post, subscribed, fireAlert };
}
