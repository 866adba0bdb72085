import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { spotOrders } from '@hx/db';
import { call } from '../../test/harness.ts';
import { adminToken, auth, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { expectBooksRight, order, spotBalance, twoTraders, USDT } from '../spot/test-kit.ts';
import { console_ } from '../maker/test-kit.ts';
import { BotsJob } from './job.ts';

const DAY_MS = 86_400_000;
let t: MoneyApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  ({ t, seller, buyer } = await twoTraders());
  // Asks for the buys: 0.5 BTC at 50,000.
  expect(
    (await order(t.app, seller.token, { side: 'sell', price: '50000', amount: '0.5' })).status,
  ).toBe(200);
}, 120_000);
afterAll(() => t.close());

const bots = async (user: TestUser) =>
  (await call(t.app, 'GET', 'bots', {}, auth(user.token))).body.message.list;

describe('recurring buy', () => {
  it('buys once per period on the manual clock, across a restart and a second process, until stopped', async () => {
    const started = await call(
      t.app,
      'POST',
      'bots/recurring',
      { symbol: 'BTCUSDT', amount: '100', every: 'day' },
      auth(buyer.token),
    );
    expect(started.body.message).toMatchObject({ kind: 'recurring', status: 'running' });
    const id: number = started.body.message.id;
    await t.app.bots.runOnce();
    await t.app.bots.runOnce();
    expect((await bots(buyer))[0].runs).toHaveLength(1);

    t.clock.advance(DAY_MS);
    // A restarted process (a new job over the same database) and this one run at once.
    const restarted = new BotsJob(t.app, t.app.log);
    await Promise.all([restarted.runOnce(), t.app.bots.runOnce()]);
    const [bot] = await bots(buyer);
    expect(bot.runs.map((r: { period: number; status: string }) => [r.period, r.status])).toEqual([
      [1, 'bought'],
      [0, 'bought'],
    ]);
    expect(bot.runs[0]).toMatchObject({ price: '50000', amount: '0.002', spent: '100' });
    const ids = await t.db
      .select({ client: spotOrders.clientOrderId })
      .from(spotOrders)
      .where(eq(spotOrders.userId, buyer.id));
    expect(ids.map((r) => r.client).sort()).toEqual([`hxbot-${id}-0`, `hxbot-${id}-1`]);
    expect((await spotBalance(t, buyer.id, USDT)).available).toBe('99800');

    // JSON, as an outside client sends it.
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/api/bots/${id}/stop`,
      headers: auth(buyer.token),
      payload: { sell_base: false },
    });
    expect(stopped.json().message.status).toBe('stopped');
    const one = await call(t.app, 'GET', `bots/${id}`, {}, auth(buyer.token));
    expect(one.body.message).toMatchObject({ id, status: 'stopped', next_run_at: null });
    t.clock.advance(DAY_MS);
    await t.app.bots.runOnce();
    expect((await bots(buyer))[0].runs).toHaveLength(2);
    // Operator sessions last 12 hours: a fresh login for the books check.
    await expectBooksRight(t, await adminToken(t));
  }, 60_000);

  it("skips a pair's runs while an operator pauses its bots, and above the user's maximum price", async () => {
    const admin = await adminToken(t);
    const start = (body: object) =>
      call(t.app, 'POST', 'bots/recurring', { symbol: 'BTCUSDT', ...body }, auth(buyer.token));
    const hourly = (await start({ amount: '10', every: 'hour' })).body.message.id as number;
    const capped = (await start({ amount: '10', every: 'hour', max_price: '40000' })).body.message
      .id as number;

    const paused = await console_(t.app, admin, 'PUT', 'bots/pairs/BTCUSDT', { paused: true });
    expect(paused.body.message).toMatchObject({ symbol: 'BTCUSDT', running: 2, paused: true });
    await t.app.bots.runOnce();
    t.clock.advance(3_600_000);
    await console_(t.app, admin, 'PUT', 'bots/pairs/BTCUSDT', { paused: false });
    await t.app.bots.runOnce();
    const runsOf = async (id: number) =>
      (await bots(buyer))
        .find((b: { id: number }) => b.id === id)
        .runs.map((r: { period: number; status: string; reason: string | null }) => [
          r.period,
          r.status,
          r.reason,
        ]);
    expect(await runsOf(hourly)).toEqual([
      [1, 'bought', null],
      [0, 'skipped', 'BOT_PAUSED'],
    ]);
    expect(await runsOf(capped)).toEqual([
      [1, 'skipped', 'BOT_ABOVE_MAX_PRICE'],
      [0, 'skipped', 'BOT_PAUSED'],
    ]);

    // Each skipped run is told in the bell, its reason in the reader's words.
    const told = (await call(t.app, 'GET', 'notifications', {}, auth(buyer.token))).body.message
      .list as { kind: string; body: string; data: { bot_id: number } }[];
    const skipped = told.filter((n) => n.kind === 'bot_run_skipped');
    expect(skipped.map((n) => n.data.bot_id).sort()).toEqual([hourly, capped, capped].sort());
    expect(skipped.map((n) => n.body)).toContain(
      'This period’s buy of 10 USDT was not made: The price was above your maximum. The next one runs as planned.',
    );

    const listed = await console_(t.app, admin, 'GET', 'bots?symbol=btcusdt&status=running');
    expect(listed.status).toBe(200);
    const row = listed.body.message.list.find((b: { id: number }) => b.id === hourly);
    expect(row).toMatchObject({ user_id: buyer.id, runs: 2, bought: 1, spent: '10' });
    expect(listed.body.message.list.every((b: { status: string }) => b.status === 'running')).toBe(
      true,
    );
    expect(
      listed.body.message.pairs.find((p: { symbol: string }) => p.symbol === 'BTCUSDT'),
    ).toMatchObject({ paused: false, running: 2 });
    // Users cannot reach it; an unknown pair is refused and changes nothing.
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bots',
      headers: auth(buyer.token),
    });
    expect(asUser.statusCode).toBe(401);
    const unknown = await console_(t.app, admin, 'PUT', 'bots/pairs/NOPEUSDT', { paused: true });
    expect(unknown.body.code).toBe('SYMBOL_UNKNOWN');
    for (const id of [hourly, capped])
      await call(t.app, 'POST', `bots/${id}/stop`, {}, auth(buyer.token));
    await expectBooksRight(t, admin);
  }, 60_000);

  it("buys first at the chosen time on its zone's clock, and refuses a zone or time that is none", async () => {
    const start = (body: object) =>
      call(
        t.app,
        'POST',
        'bots/recurring',
        { symbol: 'BTCUSDT', amount: '10', ...body },
        auth(buyer.token),
      );
    // 61 minutes from now on Shanghai's clock, to the minute: the first buy is 60–61 min away.
    const later = new Date(t.clock.now().getTime() + 61 * 60_000);
    const at = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(later);
    const started = await start({ every: 'day', at, time_zone: 'Asia/Shanghai' });
    expect(started.body.message).toMatchObject({ at, time_zone: 'Asia/Shanghai' });
    const id: number = started.body.message.id;
    const waitMs = started.body.message.next_run_at - t.clock.now().getTime();
    expect(waitMs).toBeGreaterThan(60 * 60_000);
    expect(waitMs).toBeLessThanOrEqual(61 * 60_000);
    const runsOf = async () =>
      (await bots(buyer)).find((b: { id: number }) => b.id === id).runs.length as number;
    await t.app.bots.runOnce();
    expect(await runsOf()).toBe(0);
    t.clock.advance(61 * 60_000);
    await t.app.bots.runOnce();
    expect(await runsOf()).toBe(1);
    const [bot] = (await bots(buyer)).filter((b: { id: number }) => b.id === id);
    expect(bot.next_run_at - started.body.message.next_run_at).toBe(DAY_MS);
    await call(t.app, 'POST', `bots/${id}/stop`, {}, auth(buyer.token));

    const before = (await bots(buyer)).length;
    const zone = await start({ every: 'day', time_zone: 'Mars/Olympus' });
    expect(zone.body).toMatchObject({ code: 'TIME_ZONE_INVALID', message: 'Unknown time zone' });
    const time = await start({ every: 'day', at: '24:00' });
    expect(time.body.code).toBe('BOT_TIME_INVALID');
    expect((await bots(buyer)).length).toBe(before);
    await expectBooksRight(t, await adminToken(t));
  }, 60_000);
});
