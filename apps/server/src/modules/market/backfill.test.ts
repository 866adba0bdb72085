import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meta } from '@hx/db';
import { Decimal } from '@hx/money';
import { getSymbol, rollUp, type Bar, type Period } from '@hx/market';
import { testApp, type TestApp } from '../../test/harness.ts';
import { BACKFILL_KEY } from './live.ts';

const MIN = 60_000;
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

async function startAt(iso: string) {
  t = await testApp(
    {},
    { market: { symbols: ['BTCUSDT', 'EURUSD'], backfillDays: DAYS, pumpMs: 60_000 } },
  );
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}
afterEach(() => t.close());

const bars = (symbol: string, period: Period) =>
  t.app.market.klines(symbol, period, 0, t.clock.now().getTime() + 1, 1000);
const at = (iso: string) => Date.parse(iso);
const backfillMeta = async () => {
  const [row] = await t.app.db.select().from(meta).where(eq(meta.key, BACKFILL_KEY));
  return JSON.parse(row!.value) as Record<string, unknown>;
};
const near = (a: string, b: string, within: number) =>
  new Decimal(a).div(b).minus(1).abs().lt(within);

/** Every stored bar of `period` that its minutes cover equals their roll-up (nothing counted twice or lost). */
async function expectRolledUp(symbol: string, period: Period, minutes: Bar[]) {
  const from = minutes[0]!.time;
  const wanted = rollUp(minutes, period, getSymbol(symbol)).filter((b) => b.time >= from);
  const stored = (await bars(symbol, period)).filter((b) => b.time >= from);
  expect(stored, `${symbol} ${period}`).toEqual(wanted);
}

describe('history of the simulated market', () => {
  it('is back-filled once on first start beside the live market, then continued across a pause', async () => {
    await startAt('2024-06-12T12:00:30Z');
    const first = await t.app.market.start();
    const backfill = await first.backfill;
    await t.app.market.stop();
    expect(backfill?.rows).toBeGreaterThan(0);
    expect(await backfillMeta()).toMatchObject({
      at: at('2024-06-12T12:00:30Z'),
      rows: backfill?.rows,
    });

    // History ends at the catalogue price where the live walk started, in the live minute.
    const minutes = await bars('BTCUSDT', '1min');
    expect(minutes).toHaveLength(1000); // a page; a day and a half is stored
    const live = minutes.at(-1)!;
    expect(live.time).toBe(at('2024-06-12T12:00:00Z'));
    expect(minutes.at(-2)).toMatchObject({ time: at('2024-06-12T11:59:00Z') });
    expect(minutes.at(-2)?.close).toBe(getSymbol('BTCUSDT').startPrice);
    expect(near(live.open, getSymbol('BTCUSDT').startPrice, 0.005)).toBe(true);
    expect(minutes.every((b, i) => i === 0 || b.time === minutes[i - 1]!.time + MIN)).toBe(true);
    expect(await bars('BTCUSDT', '60min')).toHaveLength(4 * 24 + 12 + 1);
    expect((await bars('EURUSD', '1day')).map((b) => new Date(b.time).toISOString())).toEqual(
      Array.from(
        { length: 11 },
        (_, i) => `2024-06-${String(2 + i).padStart(2, '0')}T00:00:00.000Z`,
      ),
    );
    expect(await bars('EURUSD', '1mon')).toHaveLength(3); // April, May, June
    expect(await t.app.market.timeShare('BTCUSDT', { source: 'index' })).toHaveLength(1441);
    // The day the live market started in: the back-filled morning joined with the live minute.
    const today = minutes.filter((b) => b.time >= at('2024-06-12T00:00:00Z'));
    await expectRolledUp('BTCUSDT', '1day', today);
    const quote = t.app.market.quote('BTCUSDT');
    expect(quote).toMatchObject({
      price: live.close,
      change: expect.stringMatching(/^-?\d+\.\d\d$/),
    });
    expect(new Decimal(quote.volume!).gt(live.volume)).toBe(true); // 24 hours of history in it
    const dayBefore = (await bars('BTCUSDT', '1day')).at(-1)!;

    // Ten and a half minutes later the server starts again: no second back-fill, and the
    // stopped minutes continue from the last stored price.
    t.clock.advance(10.5 * MIN);
    const second = await t.app.market.start();
    await t.app.market.stop();
    expect(second.backfill).toBeUndefined();
    expect(second.gap?.rows).toBe(2 * (10 + 3 + 1 + 1 + 1 + 1 + 1));
    const after = await bars('BTCUSDT', '1min');
    expect(after.at(-1)).toMatchObject({ time: at('2024-06-12T12:11:00Z') });
    expect(after.every((b, i) => i === 0 || b.time === after[i - 1]!.time + MIN)).toBe(true);
    const resumed = after.findIndex((b) => b.time === at('2024-06-12T12:01:00Z'));
    expect(after[resumed]!.open).toBe(after[resumed - 1]!.close);
    const day = (await bars('BTCUSDT', '1day')).at(-1)!;
    expect(day.time).toBe(dayBefore.time);
    expect(day.open).toBe(dayBefore.open);
    expect(new Decimal(day.volume).gt(dayBefore.volume)).toBe(true);
    expect(new Decimal(day.high).gte(dayBefore.high)).toBe(true);

    // The live walk goes on from there.
    const [tick] = await t.app.market.step();
    expect(near(tick!.price, after.at(-1)!.close, 0.01)).toBe(true);
  });

  it('is live at once while the history comes in; a back-fill stopped halfway goes on at the next start', async () => {
    await startAt('2024-06-12T11:58:30Z');
    const first = await t.app.market.start();
    let settled = false;
    const backfill = first.backfill!.finally(() => (settled = true));
    // Prices the moment start() resolves, while the history is still being generated.
    // The index has a price for every symbol at once (spot pairs list their own trades).
    expect(t.app.market.specs.map((s) => t.app.market.quote(s.symbol).price)).not.toContain(null);
    expect(settled).toBe(false);
    await t.app.market.stop(); // the server closes before the history is in
    expect(await backfill).toMatchObject({ rows: 0 });
    expect(await backfillMeta()).toMatchObject({ pending: ['BTCUSDT', 'EURUSD'], rows: 0 });
    const live = await bars('BTCUSDT', '1min');
    expect(live.map((b) => b.time)).toEqual([at('2024-06-12T11:58:00Z')]);

    // Started again ten and a half minutes later: the pause is continued from the live minute,
    // and the history of the first start (ending where its live walk began) goes on beside.
    t.clock.advance(10.5 * MIN);
    const second = await t.app.market.start();
    expect(second.gap?.rows).toBeGreaterThan(0);
    expect(second.backfill).toBeDefined();
    const { rows } = await second.backfill!;
    await t.app.market.stop();
    expect(rows).toBeGreaterThan(0);
    expect(await backfillMeta()).toMatchObject({ at: at('2024-06-12T11:58:30Z'), rows });

    const minutes = await bars('BTCUSDT', '1min');
    expect(minutes.at(-1)!.time).toBe(at('2024-06-12T12:09:00Z'));
    expect(minutes.every((b, i) => i === 0 || b.time === minutes[i - 1]!.time + MIN)).toBe(true);
    const end = minutes.findIndex((b) => b.time === at('2024-06-12T11:57:00Z'));
    expect(minutes[end]!.close).toBe(getSymbol('BTCUSDT').startPrice);
    // History, live minute and pause each counted once in every longer bar: the hour that was
    // still open when the live market started was joined in the database, the day in memory.
    const all = await t.app.market.klines('BTCUSDT', '1min', 0, at('2024-06-12T12:09:01Z'), 5000);
    for (const period of ['5min', '30min', '60min', '1day'] as const) {
      await expectRolledUp('BTCUSDT', period, all);
    }
  });
});
