import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { marketKlines, marketTicks } from '@hx/db';
import { PERIODS, periodStart, type Tick } from '@hx/market';
import { call, testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const at = (iso: string) => Date.parse(iso);
const moveTo = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
const btc = (time: number, price: string, volume = '1.00000'): Tick => ({
  symbol: 'BTCUSDT',
  time,
  price,
  volume,
});

beforeEach(async () => {
  t = await testApp({}, { market: { symbols: ['BTCUSDT', 'ETHUSDT', 'XAUUSD', 'EURUSD'] } });
});
afterEach(() => t.close());

describe('recording ticks', () => {
  it('stores every tick and the klines of every period on UTC boundaries', async () => {
    // Sunday 31 March 2024, 23:59 UTC: the next minute starts a new hour, day, week and month.
    const before = [
      btc(at('2024-03-31T23:59:30Z'), '100.00'),
      btc(at('2024-03-31T23:59:50Z'), '105.50', '2.50000'),
    ];
    const after = btc(at('2024-04-01T00:00:10Z'), '99.25', '0.25000');
    moveTo(after.time);
    t.app.market.ingest([...before, after]);
    await t.app.market.flush();

    const ticks = await t.app.db.select().from(marketTicks).orderBy(asc(marketTicks.id));
    expect(ticks.map((r) => [r.symbol, r.time, Number(r.price)])).toEqual([
      ['BTCUSDT', before[0]!.time, 100],
      ['BTCUSDT', before[1]!.time, 105.5],
      ['BTCUSDT', after.time, 99.25],
    ]);
    const starts = {
      '1min': ['2024-03-31T23:59:00Z', '2024-04-01T00:00:00Z'],
      '5min': ['2024-03-31T23:55:00Z', '2024-04-01T00:00:00Z'],
      '30min': ['2024-03-31T23:30:00Z', '2024-04-01T00:00:00Z'],
      '60min': ['2024-03-31T23:00:00Z', '2024-04-01T00:00:00Z'],
      '1day': ['2024-03-31T00:00:00Z', '2024-04-01T00:00:00Z'],
      '1week': ['2024-03-25T00:00:00Z', '2024-04-01T00:00:00Z'], // Mondays
      '1mon': ['2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z'],
    } as const;
    for (const period of PERIODS) {
      const stored = await t.app.db
        .select()
        .from(marketKlines)
        .where(eq(marketKlines.period, period))
        .orderBy(asc(marketKlines.time));
      expect(
        stored.map((r) => r.time),
        period,
      ).toEqual(starts[period].map(at));
      const { body } = await call(t.app, 'GET', 'currency/kline', {
        symbol: 'btcusdt',
        period,
        from: '0',
        source: 'index',
      });
      expect(body.message, period).toEqual([
        {
          time: at(starts[period][0]),
          open: '100.00',
          high: '105.50',
          low: '100.00',
          close: '105.50',
          volume: '3.50000',
        },
        {
          time: at(starts[period][1]),
          open: '99.25',
          high: '99.25',
          low: '99.25',
          close: '99.25',
          volume: '0.25000',
        },
      ]);
    }
  });

  it('finds the last price at or before a time, exactly', async () => {
    const t0 = at('2024-05-01T10:00:00Z');
    moveTo(t0 + 10_000);
    t.app.market.ingest([
      btc(t0, '100.00'),
      btc(t0 + 1000, '101.00'),
      btc(t0 + 1000, '101.50'), // same millisecond: the later one counts
      btc(t0 + 5000, '99.00'),
    ]);
    const { market } = t.app;
    expect(await market.priceAt('BTCUSDT', t0 - 1)).toBeNull();
    expect(await market.priceAt('BTCUSDT', t0)).toEqual({ price: '100.00', time: t0 });
    expect(await market.priceAt('BTCUSDT', t0 + 999)).toEqual({ price: '100.00', time: t0 });
    expect(await market.priceAt('BTCUSDT', t0 + 1000)).toEqual({
      price: '101.50',
      time: t0 + 1000,
    });
    expect(await market.priceAt('BTCUSDT', t0 + 4999)).toEqual({
      price: '101.50',
      time: t0 + 1000,
    });
    expect(await market.priceAt('BTCUSDT', t0 + 60_000)).toEqual({
      price: '99.00',
      time: t0 + 5000,
    });
    expect(await market.priceAt('ETHUSDT', t0 + 60_000)).toBeNull();
    expect(await market.priceAt('NOPE', t0)).toBeNull();
    expect(market.last('BTCUSDT')).toEqual({ price: '99.00', time: t0 + 5000 });
    // The wallet's price book is the market's.
    expect(t.app.prices.last('BTCUSDT')).toEqual({ price: '99.00', time: t0 + 5000 });
    expect(t.app.prices.last('ETHUSDT')).toBeNull();
  });

  it('pages klines back from the newest, `to` exclusive', async () => {
    const t0 = at('2024-05-01T10:00:00Z');
    const ticks = Array.from({ length: 25 }, (_, i) =>
      btc(t0 + i * 60_000 + 5_000, `${100 + i}.00`),
    );
    moveTo(t0 + 25 * 60_000);
    t.app.market.ingest(ticks);
    await t.app.market.flush();
    const page = async (fields: Record<string, string>) => {
      const { status, body } = await call(t.app, 'GET', 'currency/kline', {
        symbol: 'BTCUSDT',
        period: '1min',
        source: 'index',
        ...fields,
      });
      expect(status).toBe(200);
      return (body.message as { time: number; close: string }[]).map((b) => Number(b.close) - 100);
    };
    expect(await page({ limit: '10' })).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(await page({ limit: '10', to: String(t0 + 15 * 60_000) })).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    expect(await page({ limit: '10', to: String(t0 + 5 * 60_000) })).toEqual([0, 1, 2, 3, 4]);
    expect(await page({ from: String(t0 + 3 * 60_000), to: String(t0 + 6 * 60_000) })).toEqual([
      3, 4, 5,
    ]);
    expect(await page({ from: String(t0 + 30 * 60_000) })).toEqual([]);

    const bad = async (fields: Record<string, string>, lang = 'en') =>
      (await call(t.app, 'GET', 'currency/kline', fields, { lang })).body;
    expect(await bad({ symbol: 'BTCUSDT', period: '2min' }, 'jp')).toEqual({
      type: 'error',
      code: 'PERIOD_INVALID',
      message: 'サポートされていないチャート期間です',
    });
    expect(await bad({ symbol: 'DOGEUSDT', period: '1min' }, 'zh')).toMatchObject({
      code: 'SYMBOL_UNKNOWN',
      message: '未知的交易对',
    });
    expect(await bad({ symbol: 'BTCUSDT', period: '1min', limit: '1001' })).toMatchObject({
      code: 'VALIDATION',
    });
    expect(await bad({ symbol: 'BTCUSDT', period: '1min', from: '10', to: '5' })).toMatchObject({
      code: 'RANGE_INVALID',
    });
  });

  it('continues the open bars and last prices after a restart', async () => {
    const t0 = at('2024-05-01T10:00:00Z');
    moveTo(t0 + 30_000);
    t.app.market.ingest([btc(t0 + 10_000, '100.00'), btc(t0 + 20_000, '90.00')]);
    await t.app.market.flush();
    await t.app.market.init(); // what a new process does: everything from the database
    expect(t.app.market.last('BTCUSDT')).toEqual({ price: '90.00', time: t0 + 20_000 });
    t.app.market.ingest([btc(t0 + 40_000, '120.00')]);
    await t.app.market.flush();
    const bars = await t.app.market.klines('BTCUSDT', '1min', 0, t0 + 60_000, 10);
    expect(bars).toEqual([
      {
        time: t0,
        open: '100.00',
        high: '120.00',
        low: '90.00',
        close: '120.00',
        volume: '3.00000',
      },
    ]);
  });

  it('closes bars on time, and records but does not reopen them for a late tick', async () => {
    const t0 = at('2024-05-01T10:00:00Z');
    moveTo(t0 + 90_000);
    t.app.market.ingest([btc(t0 + 10_000, '100.00')]);
    t.app.market.closeUpTo(t0 + 60_000); // what the live loop does, a grace period after the end
    t.app.market.ingest([btc(t0 + 50_000, '1.00'), btc(t0 + 70_000, '101.00')]);
    await t.app.market.flush();
    expect(await t.app.market.priceAt('BTCUSDT', t0 + 55_000)).toMatchObject({ price: '1.00' });
    const bars = await t.app.market.klines('BTCUSDT', '1min', 0, t0 + 120_000, 10);
    expect(bars.map((b) => [b.time - t0, b.low, b.close])).toEqual([
      [0, '100.00', '100.00'],
      [60_000, '101.00', '101.00'],
    ]);
  });

  it('keeps raw ticks for the retention period only', async () => {
    const now = at('2024-05-31T00:00:00Z');
    moveTo(now);
    const day = 86_400_000;
    t.app.market.ingest([
      btc(now - 31 * day, '1.00'),
      btc(now - 29 * day, '2.00'),
      btc(now, '3.00'),
    ]);
    await t.app.market.flush();
    expect(await t.app.market.prune()).toBe(1);
    expect(await t.app.market.priceAt('BTCUSDT', now - 30 * day)).toBeNull();
    expect(await t.app.market.priceAt('BTCUSDT', now - day)).toMatchObject({ price: '2.00' });
    // Klines stay.
    expect(await t.app.market.klines('BTCUSDT', '1mon', 0, now + 1, 10)).toHaveLength(2);
    expect(periodStart('1mon', now - 31 * day)).toBe(at('2024-04-01T00:00:00Z'));
  });
});
