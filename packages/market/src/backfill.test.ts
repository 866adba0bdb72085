import { describe, expect, it } from 'vitest';
import { rollUp } from './aggregate.ts';
import { Dec, tickUnits } from './decimal.ts';
import { DAY_MS, periodStart } from './periods.ts';
import { createSimulatedSource } from './simulated.ts';
import { getSymbol, SYMBOLS } from './symbols.ts';
import { PERIODS } from './types.ts';
import type { Bar, SymbolSpec } from './types.ts';

const NOW = Date.parse('2024-06-12T12:00:30.500Z');
const TODAY = periodStart('1day', NOW);
const btc = getSymbol('BTCUSDT');

/** OHLC ordered, every price positive and on tick, volume positive (integer maths, for speed). */
/** OHLC ordered, every price positive and on tick, volume positive (plain integer maths). */
function expectSane(bars: readonly Bar[], spec: SymbolSpec): void {
  const tick = tickUnits(spec);
  const units = (p: string) =>
    (p.split('.')[1]?.length ?? 0) === spec.pricePrecision ? Number(p.replace('.', '')) : NaN;
  const bad = bars.filter((b) => {
    const [o, h, l, c] = [b.open, b.high, b.low, b.close].map(units) as [
      number,
      number,
      number,
      number,
    ];
    const onTick = [o, h, l, c].every((u) => u > 0 && u % tick === 0);
    return !onTick || h < Math.max(o, c) || l > Math.min(o, c) || !(Number(b.volume) > 0);
  });
  expect(bad).toEqual([]);
}

function timed<T>(label: string, f: () => T): T {
  const started = performance.now();
  const result = f();
  console.info(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return result;
}

describe('simulated source: back-fill', { timeout: 60_000 }, () => {
  it('fills a year of days quickly, ending at the catalogue price', () => {
    const source = createSimulatedSource({ seed: 1 });
    const from = TODAY - 365 * DAY_MS;
    const bars = timed('a year of 1day bars, one symbol', () =>
      source.backfill('BTCUSDT', from, NOW, { period: '1day' }),
    );
    expect(bars.length).toBe(366); // 365 whole days + today so far
    expect(bars[0]?.time).toBe(from);
    expect(bars.at(-1)?.time).toBe(TODAY);
    expect(bars.at(-1)?.close).toBe(btc.startPrice);
    expectSane(bars, btc);
  });

  it('fills four weeks of minutes quickly', () => {
    const source = createSimulatedSource({ seed: 1 });
    const from = TODAY - 28 * DAY_MS;
    const bars = timed('four weeks of 1min bars, one symbol', () =>
      source.backfill('ETHUSDT', from, TODAY),
    );
    expect(bars.length).toBe(28 * 1440);
    expect(bars.every((b, i) => b.time === from + i * 60_000)).toBe(true);
    expectSane(bars, getSymbol('ETHUSDT'));
  });

  it(
    'fills every chart period of the whole catalogue in one pass per symbol',
    { timeout: 120_000 },
    () => {
      const source = createSimulatedSource({ seed: 1 });
      const yearAgo = TODAY - 365 * DAY_MS;
      const since = {
        '1min': TODAY - 2 * DAY_MS,
        '5min': TODAY - 7 * DAY_MS,
        '30min': TODAY - 30 * DAY_MS,
        '60min': TODAY - 90 * DAY_MS,
        '1day': yearAgo,
        '1week': periodStart('1week', yearAgo),
        '1mon': periodStart('1mon', yearAgo),
      };
      const started = performance.now();
      const all = timed(`every period, a year deep, x ${SYMBOLS.length} symbols`, () =>
        SYMBOLS.map((s) => source.backfillPeriods(s.symbol, since, NOW)),
      );
      // Generous for a loaded machine; a tick a second for a year would take hours.
      expect(performance.now() - started).toBeLessThan(60_000);
      const counts = Object.fromEntries(
        Object.entries(all[0] ?? {}).map(([p, b]) => [p, b.length]),
      );
      expect(counts).toEqual({
        '1min': 2 * 1440 + 12 * 60, // two days + today until 12:00
        '5min': 7 * 288 + 12 * 12,
        '30min': 30 * 48 + 24,
        '60min': 90 * 24 + 12,
        '1day': 366,
        '1week': 53,
        '1mon': 13,
      });
      all.forEach((bars, i) => {
        const spec = SYMBOLS[i] as SymbolSpec;
        for (const period of PERIODS) {
          expect(bars[period]?.at(-1)?.close, `${spec.symbol} ${period}`).toBe(spec.startPrice);
        }
        expectSane(bars['1day'] ?? [], spec);
        expectSane(bars['1min'] ?? [], spec);
      });
      // The same bars as asking for one period, and the periods agree with each other.
      const eth = getSymbol('ETHUSDT');
      const ethBars = all[SYMBOLS.indexOf(eth)] ?? {};
      expect(source.backfill('ETHUSDT', since['60min'], NOW, { period: '60min' })).toEqual(
        ethBars['60min'],
      );
      expect(rollUp(ethBars['60min'] ?? [], '1day', eth).slice(1)).toEqual(
        ethBars['1day']?.slice(-90),
      );
      expect(rollUp(ethBars['1min'] ?? [], '5min', eth)).toEqual(
        ethBars['5min']?.slice(-(2 * 288 + 144)),
      );
    },
  );

  it('has the catalogue volatility', () => {
    const source = createSimulatedSource({ seed: 11 });
    const days = source.backfill('BTCUSDT', TODAY - 730 * DAY_MS, TODAY, { period: '1day' });
    const r = days.slice(1).map((b, i) => Math.log(Number(b.close) / Number(days[i]?.close)));
    const mean = r.reduce((a, x) => a + x, 0) / r.length;
    const variance = r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1);
    const annual = Math.sqrt(variance * 365.25);
    expect(annual).toBeGreaterThan(btc.annualVolatility * 0.8);
    expect(annual).toBeLessThan(btc.annualVolatility * 1.2);
  });

  it('is deterministic per seed and consistent between periods and overlapping ranges', () => {
    const a = createSimulatedSource({ seed: 7 });
    const from = TODAY - 3 * DAY_MS;
    const minutes = a.backfill('SOLUSDT', from, NOW);
    expect(createSimulatedSource({ seed: 7 }).backfill('SOLUSDT', from, NOW)).toEqual(minutes);
    expect(createSimulatedSource({ seed: 8 }).backfill('SOLUSDT', from, NOW)).not.toEqual(minutes);
    const sol = getSymbol('SOLUSDT');
    for (const period of ['5min', '60min', '1day', '1week'] as const) {
      expect(a.backfill('SOLUSDT', from, NOW, { period }), period).toEqual(
        rollUp(minutes, period, sol),
      );
    }
    // A longer request with the same end contains the shorter one.
    const longer = a.backfill('SOLUSDT', from - 2 * DAY_MS - 7 * 60_000, NOW);
    expect(longer.slice(-minutes.length)).toEqual(minutes);
  });

  it('resumes from a given open price after stored history', () => {
    const source = createSimulatedSource({ seed: 2 });
    const bars = source.backfill('XAUUSD', TODAY - DAY_MS, TODAY, { startPrice: '2301.40' });
    expect(bars[0]?.open).toBe('2301.40');
    expect(bars.length).toBe(1440);
    expectSane(bars, getSymbol('XAUUSD'));
    expect(source.price('XAUUSD')).toBe(bars.at(-1)?.close);
  });

  it('continues seamlessly into live ticks from the last back-filled close', () => {
    const source = createSimulatedSource({ seed: 4 });
    const lastCloses = new Map<string, string>();
    for (const s of SYMBOLS) {
      const bars = source.backfill(s.symbol, TODAY - 2 * DAY_MS, NOW, { endPrice: s.startPrice });
      lastCloses.set(s.symbol, bars.at(-1)?.close ?? '');
    }
    const live = source.step(NOW + 1000);
    for (const t of live) {
      const spec = getSymbol(t.symbol);
      const close = new Dec(lastCloses.get(t.symbol) ?? '0');
      expect(close.toFixed(spec.pricePrecision)).toBe(spec.startPrice);
      // 30.5 s since the last whole minute: 6 sigma of that walk plus a tick of rounding.
      const sigma = spec.annualVolatility * Math.sqrt(31_500 / (365.25 * DAY_MS));
      const bound = close.times(6 * sigma).plus(spec.tickSize);
      expect(new Dec(t.price).minus(close).abs().lte(bound), t.symbol).toBe(true);
    }
  });

  it('returns nothing for an empty range', () => {
    const source = createSimulatedSource({ seed: 1 });
    expect(source.backfill('BTCUSDT', NOW, NOW)).toEqual([]);
    expect(source.backfill('BTCUSDT', NOW, NOW - DAY_MS)).toEqual([]);
    expect(() => source.backfill('NOPE', 0, NOW)).toThrow(/unknown symbol/);
  });
});
