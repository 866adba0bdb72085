import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meta } from '@hx/db';
import { Decimal } from '@hx/money';
import { getSymbol, type Period } from '@hx/market';
import { testApp, type TestApp } from '../../test/harness.ts';
import { BACKFILL_KEY } from './live.ts';

const MIN = 60_000;
const NOW = Date.parse('2024-06-12T12:00:30Z');
const DAYS: Partial<Record<Period, number>> = {
  '1min': 1,
  '5min': 2,
  '30min': 3,
  '60min': 4,
  '1day': 10,
  '1week': 30,
  '1mon': 60,
};
let t: TestApp;

beforeEach(async () => {
  t = await testApp(
    {},
    { market: { symbols: ['BTCUSDT', 'EURUSD'], backfillDays: DAYS, pumpMs: 60_000 } },
  );
  t.clock.advance(NOW - t.clock.now().getTime());
});
afterEach(() => t.close());

const bars = (symbol: string, period: Period) =>
  t.app.market.klines(symbol, period, 0, t.clock.now().getTime() + 1, 1000);

describe('history of the simulated market', () => {
  it('is back-filled once on first start, then continued across a pause', async () => {
    const first = await t.app.market.start();
    await t.app.market.stop();
    expect(first.backfill?.rows).toBeGreaterThan(0);
    const [done] = await t.app.db.select().from(meta).where(eq(meta.key, BACKFILL_KEY));
    expect(JSON.parse(done!.value)).toMatchObject({ at: NOW, rows: first.backfill?.rows });

    const minutes = await bars('BTCUSDT', '1min');
    expect(minutes).toHaveLength(1000); // a page; a day and a half is stored
    expect(minutes.at(-1)).toMatchObject({ time: Date.parse('2024-06-12T11:59:00Z') });
    expect(minutes.at(-1)?.close).toBe(getSymbol('BTCUSDT').startPrice);
    expect(minutes.every((b, i) => i === 0 || b.time === minutes[i - 1]!.time + MIN)).toBe(true);
    expect(await bars('BTCUSDT', '60min')).toHaveLength(4 * 24 + 12);
    expect((await bars('EURUSD', '1day')).map((b) => new Date(b.time).toISOString())).toEqual(
      Array.from(
        { length: 11 },
        (_, i) => `2024-06-${String(2 + i).padStart(2, '0')}T00:00:00.000Z`,
      ),
    );
    expect(await bars('EURUSD', '1mon')).toHaveLength(3); // April, May, June
    expect(await t.app.market.timeShare('BTCUSDT')).toHaveLength(1440);
    expect(t.app.market.quote('BTCUSDT')).toMatchObject({
      price: getSymbol('BTCUSDT').startPrice,
      change: expect.stringMatching(/^-?\d+\.\d\d$/),
    });
    const dayBefore = (await bars('BTCUSDT', '1day')).at(-1)!;

    // Ten and a half minutes later the server starts again: no second back-fill, and the
    // stopped minutes continue from the last stored price.
    t.clock.advance(10.5 * MIN);
    const second = await t.app.market.start();
    await t.app.market.stop();
    expect(second.backfill).toBeUndefined();
    expect(second.gap?.rows).toBe(2 * (11 + 3 + 1 + 1 + 1 + 1 + 1));
    const after = await bars('BTCUSDT', '1min');
    expect(after.at(-1)).toMatchObject({ time: Date.parse('2024-06-12T12:10:00Z') });
    expect(after.every((b, i) => i === 0 || b.time === after[i - 1]!.time + MIN)).toBe(true);
    const resumed = after.findIndex((b) => b.time === Date.parse('2024-06-12T12:00:00Z'));
    expect(after[resumed]!.open).toBe(after[resumed - 1]!.close);
    const day = (await bars('BTCUSDT', '1day')).at(-1)!;
    expect(day.time).toBe(dayBefore.time);
    expect(day.open).toBe(dayBefore.open);
    expect(new Decimal(day.volume).gt(dayBefore.volume)).toBe(true);
    expect(new Decimal(day.high).gte(dayBefore.high)).toBe(true);

    // The live walk goes on from there.
    const [tick] = await t.app.market.step();
    const move = new Decimal(tick!.price).div(after.at(-1)!.close).minus(1).abs();
    expect(move.lt(0.01)).toBe(true);
  });
});
