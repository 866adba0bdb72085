import { describe, expect, it } from 'vitest';
import { KlineAggregator, rollUp, timeShare } from './aggregate.ts';
import type { PeriodBar } from './aggregate.ts';
import { mulberry32 } from './random.ts';
import { PERIODS } from './types.ts';
import type { Bar, Period } from './types.ts';

const P = { pricePrecision: 2, amountPrecision: 4 };
const utc = (iso: string) => Date.parse(iso);
const tick = (iso: string, price: string, volume: string) => ({ time: utc(iso), price, volume });
const at = (list: PeriodBar[], period: Period) => list.find((b) => b.period === period)?.bar;

describe('KlineAggregator', () => {
  it('builds OHLCV per period and closes bars at UTC boundaries (day, month, Monday week)', () => {
    const agg = new KlineAggregator(P);
    agg.push(tick('2024-01-31T23:59:10Z', '100.1', '0.1'));
    const second = agg.push(tick('2024-01-31T23:59:50Z', '100.3', '0.2'));
    expect(second.closed).toEqual([]);
    expect(at(second.current, '1min')).toEqual({
      time: utc('2024-01-31T23:59Z'),
      open: '100.10',
      high: '100.30',
      low: '100.10',
      close: '100.30',
      volume: '0.3000', // exact: 0.1 + 0.2, not 0.30000000000000004
    });

    // Exactly on midnight of Thursday 1 Feb: every period but the week rolls over.
    const midnight = agg.push(tick('2024-02-01T00:00:00Z', '99.9', '0.3'));
    expect(midnight.closed.map((c) => c.period)).toEqual([
      '1min',
      '5min',
      '30min',
      '60min',
      '1day',
      '1mon',
    ]);
    expect(at(midnight.closed, '1mon')?.time).toBe(utc('2024-01-01Z'));
    expect(at(midnight.closed, '1day')).toMatchObject({ close: '100.30', volume: '0.3000' });
    expect(at(midnight.current, '1mon')).toMatchObject({ time: utc('2024-02-01Z'), open: '99.90' });
    expect(at(midnight.current, '1week')).toMatchObject({
      time: utc('2024-01-29T00:00Z'), // the Monday before
      low: '99.90',
      volume: '0.6000',
    });

    const later = agg.push(tick('2024-02-01T00:04:59.999Z', '100.05', '0.7'));
    expect(later.closed.map((c) => c.period)).toEqual(['1min']);
    expect(at(later.current, '5min')).toMatchObject({ open: '99.90', close: '100.05' });

    const monday = agg.push(tick('2024-02-05T00:00:00Z', '101', '1'));
    expect(at(monday.closed, '1week')).toEqual({
      time: utc('2024-01-29T00:00Z'),
      open: '100.10',
      high: '100.30',
      low: '99.90',
      close: '100.05',
      volume: '1.3000',
    });
    expect(at(monday.current, '1week')?.time).toBe(utc('2024-02-05T00:00Z'));
    expect(at(monday.current, '1mon')?.volume).toBe('2.0000');
  });

  it('sums many small volumes exactly', () => {
    const agg = new KlineAggregator(P, ['1day']);
    for (let i = 0; i < 1000; i++) agg.push({ time: i * 1000, price: '1', volume: '0.0001' });
    expect(agg.current('1day')?.volume).toBe('0.1000');
  });

  it('ignores a tick older than an open bar, for every period alike', () => {
    const agg = new KlineAggregator(P);
    agg.push(tick('2024-06-12T10:05:00Z', '50', '1'));
    const late = agg.push(tick('2024-06-12T10:04:59Z', '70', '1'));
    expect(late.late).toBe(true);
    expect(agg.current('1day')).toMatchObject({ high: '50.00', volume: '1.0000' });
  });

  it('closes ended bars on time without a new tick', () => {
    const agg = new KlineAggregator(P, ['1min', '60min']);
    agg.push(tick('2024-06-12T10:05:10Z', '50', '1'));
    expect(agg.closeUpTo(utc('2024-06-12T10:05:59Z'))).toEqual([]);
    expect(agg.closeUpTo(utc('2024-06-12T10:06:00Z')).map((c) => c.period)).toEqual(['1min']);
    expect(agg.current('1min')).toBeUndefined();
    expect(agg.current('60min')).toBeDefined();
  });

  it('continues a resumed in-progress bar', () => {
    const agg = new KlineAggregator(P, ['1day']);
    agg.resume('1day', {
      time: utc('2024-06-12T00:00Z'),
      open: '60000.00',
      high: '60100.00',
      low: '59900.00',
      close: '60050.00',
      volume: '12.5',
    });
    agg.push(tick('2024-06-12T15:00:00Z', '60200.5', '0.25'));
    expect(agg.current('1day')).toEqual({
      time: utc('2024-06-12T00:00Z'),
      open: '60000.00',
      high: '60200.50',
      low: '59900.00',
      close: '60200.50',
      volume: '12.7500',
    });
  });
});

describe('rollUp', () => {
  // Three days of ticks every ~40 s around a month end, at 2 decimals.
  const rand = mulberry32(7);
  const ticks: { time: number; price: string; volume: string }[] = [];
  let cents = 10_000;
  for (
    let t = utc('2024-03-30T22:00Z');
    t < utc('2024-04-02T03:00Z');
    t += 20_000 + rand() * 40_000
  ) {
    cents += Math.round((rand() - 0.5) * 20);
    ticks.push({ time: Math.floor(t), price: (cents / 100).toFixed(2), volume: rand().toFixed(4) });
  }

  function aggregate(periods: readonly Period[]): Map<Period, Bar[]> {
    const agg = new KlineAggregator(P, periods);
    const out = new Map<Period, Bar[]>(periods.map((p) => [p, []]));
    const keep = (list: PeriodBar[]) => list.forEach((c) => out.get(c.period)?.push(c.bar));
    for (const t of ticks) keep(agg.push(t).closed);
    keep(agg.closeUpTo(Number.MAX_SAFE_INTEGER));
    return out;
  }

  it('equals aggregating the ticks directly, for every period', () => {
    const direct = aggregate(PERIODS);
    const minutes = direct.get('1min') ?? [];
    expect(minutes.length).toBeGreaterThan(3000);
    for (const period of PERIODS) {
      expect(rollUp(minutes, period, P), period).toEqual(direct.get(period));
    }
    expect(direct.get('1mon')?.map((b) => new Date(b.time).toISOString())).toEqual([
      '2024-03-01T00:00:00.000Z',
      '2024-04-01T00:00:00.000Z',
    ]);
    expect(direct.get('1week')?.map((b) => new Date(b.time).getUTCDay())).toEqual([1, 1]);
  });

  it('rolls minutes into hours with exact volume and formats at the precision', () => {
    const m = (min: number, o: string, h: string, l: string, c: string, v: string): Bar => ({
      time: utc('2024-06-12T09:00Z') + min * 60_000,
      open: o,
      high: h,
      low: l,
      close: c,
      volume: v,
    });
    const bars = [
      m(58, '10', '10.5', '9.9', '10.2', '0.1'),
      m(59, '10.2', '10.3', '10.1', '10.1', '0.2'),
      m(60, '10.1', '11', '10', '10.9', '0.3'),
    ];
    expect(rollUp(bars, '60min', P)).toEqual([
      {
        time: utc('2024-06-12T09:00Z'),
        open: '10.00',
        high: '10.50',
        low: '9.90',
        close: '10.10',
        volume: '0.3000',
      },
      {
        time: utc('2024-06-12T10:00Z'),
        open: '10.10',
        high: '11.00',
        low: '10.00',
        close: '10.90',
        volume: '0.3000',
      },
    ]);
    expect(() => rollUp([bars[2] as Bar, bars[0] as Bar], '60min', P)).toThrow(/sorted/);
    expect(timeShare(bars).map((p) => p.price)).toEqual(['10.2', '10.1', '10.9']);
  });
});
