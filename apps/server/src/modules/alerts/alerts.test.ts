import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase, notifications, priceAlerts, type Database } from '@hx/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { call } from '../../test/harness.ts';
import { auth, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { AlertTrigger } from './trigger.ts';

/** An app on BTCUSDT (2 price decimals) and gold (a quoted symbol), prices given tick by tick. */
let t: MoneyApp;
let database: Database;
const clock = manualClock(new Date('2026-01-05T00:00:10Z'));
const config = loadConfig({});

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db, config);
  const app = await buildApp({
    config,
    database,
    clock,
    market: { symbols: ['BTCUSDT', 'XAUUSD'] },
  });
  t = { app, clock, config, db: database.db, close: async () => undefined };
  await tick('65000');
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

/** One tick a second later, recorded unless `recorded` is false; resolves once alerts ran. */
async function tick(price: string, symbol = 'BTCUSDT', recorded = true): Promise<number> {
  clock.advance(1000);
  const time = clock.now().getTime();
  t.app.market.ingest([{ symbol, time, price, volume: '1' }]);
  if (recorded) await t.app.market.flush();
  await t.app.alerts.trigger.idle();
  return time;
}

const create = (user: TestUser, fields: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', 'alerts', { symbol: 'BTCUSDT', ...fields }, auth(user.token, { lang }));
const list = async (user: TestUser) => {
  const { status, body } = await call(t.app, 'GET', 'alerts', {}, auth(user.token));
  expect(status).toBe(200);
  return body.message.list as { id: number; fired_at: number | null; fired_price: string }[];
};
const alertsTold = async (user: TestUser, lang = 'en') => {
  const { body } = await call(t.app, 'GET', 'notifications', {}, auth(user.token, { lang }));
  return (
    body.message.list as { kind: string; title: string; body: string; data: object }[]
  ).filter((n) => n.kind === 'price_alert');
};

describe('creating, listing and deleting', () => {
  it('creates above, below and move alerts and lists them, waiting first', async () => {
    const user = await seedUser(t);
    const above = await create(user, { condition: 'above', price: '70000.5' });
    expect(above.status).toBe(200);
    const below = await create(user, { condition: 'below', price: '60000' });
    const move = await create(user, { symbol: 'xauusd', condition: 'move', percent: '5' });
    expect(move.status).toBe(200);
    const items = await list(user);
    expect(items).toEqual([
      expect.objectContaining({
        id: move.body.message.id,
        symbol: 'XAUUSD',
        condition: 'move',
        percent: '5',
        price: null,
      }),
      expect.objectContaining({
        id: below.body.message.id,
        condition: 'below',
        price: '60000.00',
        percent: null,
      }),
      expect.objectContaining({
        id: above.body.message.id,
        symbol: 'BTCUSDT',
        condition: 'above',
        price: '70000.50',
        created_at: expect.any(Number),
        fired_at: null,
        fired_price: null,
      }),
    ]);
    const other = await seedUser(t);
    const theirs = await call(
      t.app,
      'POST',
      `alerts/${above.body.message.id}/delete`,
      {},
      auth(other.token),
    );
    expect(theirs.status).toBe(404);
    const gone = await call(
      t.app,
      'POST',
      `alerts/${above.body.message.id}/delete`,
      {},
      auth(user.token),
    );
    expect(gone.status).toBe(200);
    expect((await list(user)).map((a) => a.id)).not.toContain(above.body.message.id);
    // A deleted alert never fires.
    await tick('70001');
    await tick('65000');
    expect(await alertsTold(user)).toEqual([]);
  });

  it('refuses unknown symbols, bad prices and percents, in the reader language', async () => {
    const user = await seedUser(t);
    const refused = async (fields: Record<string, string>, code: string) => {
      const { status, body } = await create(user, fields);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.code).toBe(code);
    };
    await refused({ symbol: 'NOPEUSDT', condition: 'above', price: '1' }, 'SYMBOL_UNKNOWN');
    await refused({ condition: 'above', price: '-5' }, 'ALERT_PRICE_INVALID');
    await refused({ condition: 'above', price: '0' }, 'ALERT_PRICE_INVALID');
    await refused({ condition: 'above', price: '1e5' }, 'ALERT_PRICE_INVALID');
    await refused({ condition: 'above', price: '70000.001' }, 'ALERT_PRICE_INVALID');
    await refused({ condition: 'above' }, 'ALERT_PRICE_INVALID');
    await refused({ condition: 'sideways', price: '70000' }, 'ALERT_CONDITION_INVALID');
    await refused({ condition: 'move', percent: '0.05' }, 'ALERT_PERCENT_INVALID');
    await refused({ condition: 'move', percent: '100.5' }, 'ALERT_PERCENT_INVALID');
    await refused({ condition: 'move' }, 'ALERT_PERCENT_INVALID');
    const zh = await create(user, { symbol: 'NOPEUSDT', condition: 'above', price: '1' }, 'zh');
    expect(zh.body.message).toBe('未知的交易对');
    expect(await list(user)).toEqual([]);
  });

  it('refuses a level the price has already reached, saying the current price', async () => {
    const user = await seedUser(t);
    await tick('65000');
    const above = await create(user, { condition: 'above', price: '64000' });
    expect(above.status).toBe(400);
    expect(above.body.code).toBe('ALERT_ALREADY_CROSSED');
    expect(above.body.message).toBe('The current price is 65000.00: this alert would fire at once');
    const below = await create(user, { condition: 'below', price: '65000' }, 'esp');
    expect(below.body.code).toBe('ALERT_ALREADY_CROSSED');
    expect(below.body.message).toContain('65000.00');
    expect(await list(user)).toEqual([]);
  });

  it('allows at most 50 waiting alerts per user', async () => {
    const user = await seedUser(t);
    for (let i = 0; i < 50; i++) {
      const { status } = await create(user, { condition: 'above', price: String(90000 + i) });
      expect(status).toBe(200);
    }
    const over = await create(user, { condition: 'above', price: '99999' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('ALERT_LIMIT');
    expect(over.body.message).toContain('50');
    const first = (await list(user))[0]!;
    await call(t.app, 'POST', `alerts/${first.id}/delete`, {}, auth(user.token));
    expect((await create(user, { condition: 'above', price: '99999' })).status).toBe(200);
    for (const a of await list(user))
      await call(t.app, 'POST', `alerts/${a.id}/delete`, {}, auth(user.token));
  });
});

describe('firing on recorded ticks', () => {
  it('fires once when a recorded price reaches the level, and tells the user', async () => {
    await tick('65000');
    const user = await seedUser(t);
    const { body } = await create(user, { condition: 'above', price: '65500' });
    await tick('65499.99');
    expect((await list(user))[0]!.fired_at).toBeNull();
    const at = await tick('65600');
    await tick('65700');
    await tick('65000');
    await tick('65800');
    expect(await list(user)).toEqual([
      expect.objectContaining({ id: body.message.id, fired_at: at, fired_price: '65600.00' }),
    ]);
    const told = await alertsTold(user);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Price alert: BTC/USDT',
      body: 'BTC/USDT is at or above 65,500.00. Recorded price: 65,600.00.',
      data: { alert_id: body.message.id, symbol: 'BTCUSDT' },
    });
    expect((await alertsTold(user, 'zh'))[0]!.body).toBe(
      'BTC/USDT 已涨至或高于 65,500.00。记录价格：65,600.00。',
    );
  });

  it('fires a below alert on a quoted symbol', async () => {
    await tick('2345.6', 'XAUUSD');
    const user = await seedUser(t);
    await create(user, { symbol: 'XAUUSD', condition: 'below', price: '2300' });
    await tick('2299.9', 'XAUUSD');
    expect((await list(user))[0]).toMatchObject({ fired_price: '2299.90' });
    expect((await alertsTold(user))[0]!.body).toBe(
      'Gold is at or below 2,300.00. Recorded price: 2,299.90.',
    );
  });

  it('fires nothing on a price that was seen but not recorded', async () => {
    await tick('65000');
    const user = await seedUser(t);
    await create(user, { condition: 'above', price: '66000' });
    await tick('66500', 'BTCUSDT', false);
    expect((await list(user))[0]!.fired_at).toBeNull();
    expect(await alertsTold(user)).toEqual([]);
    await t.app.market.flush(); // now it is on record
    await t.app.alerts.trigger.idle();
    expect((await list(user))[0]).toMatchObject({ fired_price: '66500.00' });
    await tick('65000');
  });

  it('fires a move alert on the 24 h change either way', async () => {
    await tick('65000');
    const open = t.app.market.quote('BTCUSDT').open!;
    const user = await seedUser(t);
    const { status } = await create(user, { condition: 'move', percent: '5' });
    expect(status).toBe(200);
    // 5% either way of the recorded 24 h open.
    const down = ((Number(open) * 0.95) | 0) - 1;
    await tick(String(Math.round(Number(open) * 1.04)));
    expect((await list(user))[0]!.fired_at).toBeNull();
    await tick(String(down));
    const [alert] = await list(user);
    expect(alert).toMatchObject({ fired_price: `${down}.00` });
    expect((await alertsTold(user))[0]!.body).toBe(
      `BTC/USDT has moved in 24 h by at least 5%. Recorded price: ${Number(down).toLocaleString('en')}.00.`,
    );
    await tick('65000');
    // A change already that large is refused.
    await tick(String(Math.round(Number(open) * 1.03)));
    const moved = await create(user, { condition: 'move', percent: '2' });
    expect(moved.body.code).toBe('ALERT_ALREADY_MOVED');
    await tick('65000');
  });

  it('two triggers on the same recorded tick fire an alert once', async () => {
    await tick('65000');
    const user = await seedUser(t);
    const { body } = await create(user, { condition: 'below', price: '64000' });
    const twin = new AlertTrigger(t.app);
    await twin.start();
    expect(twin.book.size).toBeGreaterThan(0);
    await tick('63000');
    await twin.stop();
    expect(await alertsTold(user)).toHaveLength(1);
    const rows = await t.db.select().from(priceAlerts).where(eq(priceAlerts.id, body.message.id));
    expect(rows[0]!.firedPrice).toMatch(/^63000(\.0+)?$/);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    await tick('65000');
  });

  it('loads waiting alerts again after a restart', async () => {
    const user = await seedUser(t);
    const { body } = await create(user, { condition: 'above', price: '67000' });
    const restarted = new AlertTrigger(t.app);
    await restarted.start();
    await restarted.stop();
    expect(restarted.book.fire('BTCUSDT', 67000n * 10n ** 18n, null)).toContain(body.message.id);
  });
});
