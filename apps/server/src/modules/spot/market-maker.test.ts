import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminToken,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { Decimal } from '@hx/money';
import { fund, order, spotBalance } from './test-kit.ts';

describe('demo market maker', () => {
  let t: MoneyApp;
  beforeEach(async () => {
    t = await moneyApp();
  });
  afterEach(() => t.close());

  const record = async (price: string) => {
    t.app.market.ingest([{ symbol: 'BTCUSDT', time: t.clock.now().getTime(), price, volume: '1' }]);
    await t.app.market.flush();
  };

  it('quotes a ladder around the reference price, follows it, and fills a user through the ledger', async () => {
    await record('60000.00');
    const maker = await t.app.spot.startMarketMaker(60_000);
    let deal = t.app.spot.deal('BTCUSDT');
    expect(deal.bids).toHaveLength(8);
    expect(deal.asks).toHaveLength(8);
    expect(Number(deal.bids[0]![0])).toBeLessThanOrEqual(60000);
    expect(Number(deal.asks[0]![0])).toBeGreaterThan(60000);
    expect(Number(deal.asks[0]![0])).toBeLessThan(60000 * 1.001);

    // Small moves inside the grid change nothing; a move of 1% moves the whole ladder.
    const before = JSON.stringify(deal);
    await record('60001.00');
    await maker.requoteAll();
    expect(JSON.stringify(t.app.spot.deal('BTCUSDT'))).toBe(before);
    await record('60600.00');
    await maker.requoteAll();
    deal = t.app.spot.deal('BTCUSDT');
    expect(Number(deal.bids[0]![0])).toBeGreaterThan(60500);
    expect(deal.bids).toHaveLength(8);
    expect(deal.asks).toHaveLength(8);

    const user = await seedUser(t);
    await fund(t, user.id, 3, '10000');
    const bid = await order(t.app, user.token, {
      side: 'buy',
      price: deal.asks[0]![0],
      amount: '0.01',
    });
    expect(bid.body.message).toMatchObject({ status: 'completed', filled: '0.01000' });
    expect((await spotBalance(t, user.id, 1)).available).toBe('0.00999');
    await expectBalanced(t.app, await adminToken(t));
  });

  it('quotes again on its next round after a user takes all its asks or part of a bid', async () => {
    await record('60000.00');
    const maker = await t.app.spot.startMarketMaker(60_000);
    const full = t.app.spot.deal('BTCUSDT');
    const user = await seedUser(t);
    await fund(t, user.id, 3, '100000');
    await fund(t, user.id, 1, '1');

    // A market buy larger than the whole ladder takes every ask.
    const sweep = await order(t.app, user.token, { side: 'buy', type: 'market', amount: '1' });
    expect(sweep.body.message).toMatchObject({ status: 'completed' });
    expect(t.app.spot.deal('BTCUSDT').asks).toEqual([]);
    // A small market sell takes part of the best bid.
    const [bestBid, bidAmount] = full.bids[0]!;
    await order(t.app, user.token, { side: 'sell', type: 'market', amount: '0.01000' });
    expect(t.app.spot.deal('BTCUSDT').bids[0]).toEqual([
      bestBid,
      new Decimal(bidAmount).minus('0.01').toFixed(5),
    ]);

    // The price has not moved: the next round puts the same ladder back, at full size.
    await maker.requoteAll();
    await t.app.spot.idle();
    const again = t.app.spot.deal('BTCUSDT');
    expect(again.asks).toEqual(full.asks);
    expect(again.bids).toEqual(full.bids);
    await expectBalanced(t.app, await adminToken(t));
  });
});
