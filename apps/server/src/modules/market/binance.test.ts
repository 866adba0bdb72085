import { afterEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { marketTicks, meta } from '@hx/db';
import {
  loadFixture,
  startReplayServer,
  type ReplayServer,
} from '../../../../../packages/market/src/binance/replay-server.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp | undefined;
let replay: ReplayServer | undefined;
afterEach(async () => {
  await t?.close();
  await replay?.close();
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('MARKET_SOURCE=binance', () => {
  it('records the index of the trade stream as ticks, with no back-fill', async () => {
    replay = await startReplayServer({ messages: loadFixture() });
    t = await testApp(
      { marketSource: 'binance', indexVenues: ['binance'], binanceWsUrl: replay.url },
      { market: { symbols: ['BTCUSDT', 'ETHUSDT', 'XAUUSD'], pumpMs: 20 } },
    );
    const report = await t.app.market.start();
    expect(report).toEqual({});
    await replay.subscribed(1);
    expect(replay.subscriptions[0]).toContain('btcusdt@trade');
    expect(t.app.priceIndex.connections()).toMatchObject([{ venue: 'binance', state: 'open' }]);
    expect(replay.subscriptions[0]?.some((s) => s.startsWith('xauusd'))).toBe(false);
    await until(() => t!.app.market.last('ETHUSDT') !== null);
    await t.app.market.stop();
    const ticks = await t.app.db.select().from(marketTicks).orderBy(asc(marketTicks.id));
    expect(ticks.filter((r) => r.symbol === 'BTCUSDT')).toHaveLength(5);
    expect(ticks.filter((r) => r.symbol === 'ETHUSDT')).toHaveLength(3);
    // One source: the index is each trade's price, stamped when it arrived.
    expect(ticks.filter((r) => r.symbol === 'BTCUSDT').map((r) => r.price)).toEqual([
      '69512.010000000000000000',
      '69512.000000000000000000',
      '69513.990000000000000000',
      '69510.500000000000000000',
      '69509.370000000000000000',
    ]);
    const last = ticks.filter((r) => r.symbol === 'BTCUSDT').at(-1)!;
    expect(await t.app.market.priceAt('BTCUSDT', last.time)).toEqual({
      price: '69509.37',
      time: last.time,
    });
    expect(await t.app.priceIndex.sourcesAt('BTCUSDT', last.time)).toEqual([
      { venue: 'binance', price: '69509.37', time: last.time, used: true },
    ]);
    expect(t.app.market.quote('XAUUSD').price).toBeNull(); // quote-only: not on this source
    expect(await t.app.db.select().from(meta)).not.toContainEqual(
      expect.objectContaining({ key: 'market.backfill' }),
    );
  });
});
