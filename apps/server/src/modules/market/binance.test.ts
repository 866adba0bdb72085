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
  it('records the trades of the stream as ticks, with no back-fill', async () => {
    replay = await startReplayServer({ messages: loadFixture() });
    t = await testApp(
      { marketSource: 'binance', binanceWsUrl: replay.url },
      { market: { symbols: ['BTCUSDT', 'ETHUSDT', 'XAUUSD'], pumpMs: 20 } },
    );
    const report = await t.app.market.start();
    expect(report).toEqual({});
    await replay.subscribed(1);
    expect(replay.subscriptions[0]).toContain('btcusdt@trade');
    expect(replay.subscriptions[0]?.some((s) => s.startsWith('xauusd'))).toBe(false);
    await until(() => t!.app.market.last('ETHUSDT') !== null);
    await t.app.market.stop();
    const ticks = await t.app.db.select().from(marketTicks).orderBy(asc(marketTicks.id));
    expect(ticks.filter((r) => r.symbol === 'BTCUSDT')).toHaveLength(5);
    expect(ticks.filter((r) => r.symbol === 'ETHUSDT')).toHaveLength(3);
    const first = ticks[0]!;
    expect(await t.app.market.priceAt('BTCUSDT', first.time)).toEqual({
      price: '69512.01',
      time: 1718023201002,
    });
    expect(t.app.market.quote('XAUUSD').price).toBeNull(); // quote-only: not on this source
    expect(await t.app.db.select().from(meta)).not.toContainEqual(
      expect.objectContaining({ key: 'market.backfill' }),
    );
  });
});
