import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { ledgerAccounts, spotOrders, spotTrades } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { Decimal } from '@hx/money';
import {
  adminToken,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { DEMO_FLOW } from './matching.ts';
import { fund, order, spotBalance } from './test-kit.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every user account's balance: what the demo flow must never change. */
async function userBalances(t: MoneyApp) {
  return t.db
    .select({
      id: ledgerAccounts.id,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(isNotNull(ledgerAccounts.userId))
    .orderBy(asc(ledgerAccounts.id));
}

/** The demo flow's platform account in a coin. */
async function flowBalance(t: MoneyApp, coin: number) {
  const [row] = await t.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.userId),
        eq(ledgerAccounts.name, 'demo_flow'),
        eq(ledgerAccounts.coinId, coin),
      ),
    );
  return new Decimal(row?.available ?? '0');
}

const tradeCount = async (t: MoneyApp) => (await t.db.select().from(spotTrades)).length;

describe('demo flow', () => {
  let t: MoneyApp;
  beforeEach(async () => {
    t = await moneyApp();
    t.app.market.ingest([
      { symbol: 'BTCUSDT', time: t.clock.now().getTime(), price: '60000.00', volume: '1' },
      { symbol: 'ETHUSDT', time: t.clock.now().getTime(), price: '3000.00', volume: '1' },
    ]);
    await t.app.market.flush();
  });
  afterEach(() => t.close());

  it(
    'trades with the market maker on both sides, fills the tape, leaves users alone and stops on close',
    { timeout: 120_000 },
    async () => {
      const user = await seedUser(t);
      await fund(t, user.id, 3, '5000');
      await t.app.spot.startMarketMaker(300);
      const before = await userBalances(t);
      const flow = await t.app.spot.startDemoFlow({ watchedGapMs: 40, idleGapMs: 40, seed: 3 }, 20);

      // Real trades come in on their own, buys and sells, of different sizes.
      await expect
        .poll(
          () => {
            const trades = t.app.spot.deal('BTCUSDT').trades;
            const sides = new Set(trades.map((x) => x.side));
            return trades.length >= 12 && sides.size === 2;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      const tape = t.app.spot.deal('BTCUSDT').trades;
      expect(new Set(tape.map((x) => x.amount)).size).toBeGreaterThan(3);

      // Each one is between a maker's limit order and a flow's market order, both with no user.
      const rows = await t.db.select().from(spotTrades).where(eq(spotTrades.symbol, 'BTCUSDT'));
      const ids = rows.flatMap((r) => [r.makerOrderId, r.takerOrderId]);
      const orders = new Map(
        (await t.db.select().from(spotOrders).where(inArray(spotOrders.id, ids))).map((o) => [
          o.id,
          o,
        ]),
      );
      for (const row of rows) {
        expect(orders.get(row.makerOrderId)).toMatchObject({ userId: null, type: 'limit' });
        expect(orders.get(row.takerOrderId)).toMatchObject({ userId: null, type: 'market' });
        expect(new Decimal(row.quote).div(row.amount).toFixed(2)).toBe(
          new Decimal(row.price).toFixed(2),
        );
      }
      // At the book's prices: within the maker's few basis points of the recorded price.
      for (const trade of tape)
        expect(Math.abs(Number(trade.price) / 60000 - 1)).toBeLessThan(0.003);

      // The app closes: the flow stops, and no trade comes after.
      await t.app.close();
      expect(flow.active).toBe(false);
      const count = await tradeCount(t);
      await sleep(300);
      expect(await tradeCount(t)).toBe(count);

      // No user's balance moved; the flow's did; the books balance.
      expect(await userBalances(t)).toEqual(before);
      expect(await checkLedger(t.db)).toMatchObject({ balanced: true, mismatched: [] });
      expect((await spotBalance(t, user.id, 3)).available).toBe('5000');
      expect((await flowBalance(t, 1)).eq('0')).toBe(false);
    },
  );

  it('never trades with a user: it stops before the first order that is not the maker’s', async () => {
    await t.app.spot.startMarketMaker(60_000);
    const flow = await t.app.spot.startDemoFlow({
      watchedGapMs: 1e9,
      idleGapMs: 1e9,
      medianValue: 3000,
    });
    const writer = t.app.spot.writers.get('BTCUSDT')!;
    const book = t.app.spot.deal('BTCUSDT');
    const [bestBid] = book.bids[0]!;
    const [bestAsk] = book.asks[0]!;

    // A user asks inside the spread (first in line), and bids at the maker's best bid (behind it).
    const user = await seedUser(t);
    await fund(t, user.id, 3, '5000');
    await fund(t, user.id, 1, '0.05');
    const inside = new Decimal(bestAsk).minus('0.01').toFixed(2);
    const ask = await order(t.app, user.token, { side: 'sell', price: inside, amount: '0.01' });
    const bid = await order(t.app, user.token, { side: 'buy', price: bestBid, amount: '0.01' });
    expect(ask.body.message.status).toBe('waiting');
    expect(bid.body.message.status).toBe('waiting');
    const before = await userBalances(t);
    const trades = await tradeCount(t);

    // Buying would take the user's ask first: the flow does not buy at all, and the writer
    // refuses such an order even when sent straight to it.
    expect(await flow.trade(writer, 'buy')).toBe(false);
    const straight = await writer.submit({
      kind: 'place',
      order: { userId: DEMO_FLOW, side: 'buy', type: 'market', price: null, amount: 1000n },
    });
    expect(straight).toEqual({ ok: false, code: 'NO_LIQUIDITY' });
    expect(await tradeCount(t)).toBe(trades);
    // Selling takes the maker's best bid, and never the user's behind it, however often.
    let sold = 0;
    for (let i = 0; i < 40; i++) if (await flow.trade(writer, 'sell')) sold++;
    expect(sold).toBeGreaterThan(0);
    await t.app.spot.idle();
    const after = t.app.spot.deal('BTCUSDT');
    expect(after.bids[0]).toEqual([bestBid, '0.01000']); // only the user's order is left there
    expect(after.asks[0]).toEqual([inside, '0.01000']);

    const mine = await t.db.select().from(spotOrders).where(eq(spotOrders.userId, user.id));
    expect(mine.map((o) => [o.status, new Decimal(o.filled).toFixed()])).toEqual([
      ['waiting', '0'],
      ['waiting', '0'],
    ]);
    expect(await userBalances(t)).toEqual(before);
    await expectBalanced(t.app, await adminToken(t));
  });
});
