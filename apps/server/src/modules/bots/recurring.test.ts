import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { spotOrders } from '@hx/db';
import { call } from '../../test/harness.ts';
import { adminToken, auth, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { expectBooksRight, order, spotBalance, twoTraders, USDT } from '../spot/test-kit.ts';
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

    const stopped = await call(t.app, 'POST', `bots/${id}/stop`, {}, auth(buyer.token));
    expect(stopped.body.message.status).toBe('stopped');
    t.clock.advance(DAY_MS);
    await t.app.bots.runOnce();
    expect((await bots(buyer))[0].runs).toHaveLength(2);
    // Operator sessions last 12 hours: a fresh login for the books check.
    await expectBooksRight(t, await adminToken(t));
  }, 60_000);
});
