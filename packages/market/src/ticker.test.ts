import { describe, expect, it } from 'vitest';
import { tickerFromBars, tickerFromTicks } from './ticker.ts';

const P = { pricePrecision: 2, amountPrecision: 4 };
const H = 3_600_000;
const now = Date.parse('2024-06-12T12:00:30Z');
const bar = (time: number, o: string, h: string, l: string, c: string, v: string) => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
});

describe('24h ticker', () => {
  it('summarises the bars of the last 24 hours as strings', () => {
    const bars = [
      bar(now - 30 * H, '1.00', '999.00', '0.50', '1.00', '5'), // outside the window
      bar(now - 24 * H - 30_000, '100.00', '101.00', '99.50', '100.50', '0.1'),
      bar(now - 12 * H, '100.50', '110.25', '100.00', '109.00', '0.2'),
      bar(now - 30_000, '109.00', '109.00', '95.10', '98.00', '1.2345'),
    ];
    expect(tickerFromBars('BTCUSDT', bars, now, P)).toEqual({
      symbol: 'BTCUSDT',
      time: now - 30_000,
      price: '98.00',
      open: '100.00',
      high: '110.25',
      low: '95.10',
      volume: '1.5345',
      change: '-2.00',
      changePercent: '-2.00',
    });
  });

  it('summarises ticks and rounds the change percent half up', () => {
    const ticks = [
      { time: now - 25 * H, price: '1', volume: '9' },
      { time: now - 20 * H, price: '3', volume: '0.1' },
      { time: now - H, price: '4.5', volume: '0.2' },
      { time: now, price: '3.5', volume: '0.0001' },
    ];
    const t = tickerFromTicks('ETHUSDT', ticks, now, P);
    expect(t).toMatchObject({ price: '3.50', open: '3.00', high: '4.50', low: '3.00' });
    expect(t?.volume).toBe('0.3001');
    expect(t?.change).toBe('0.50');
    expect(t?.changePercent).toBe('16.67');
  });

  it('is null without data in the window', () => {
    expect(tickerFromBars('BTCUSDT', [], now, P)).toBeNull();
    expect(
      tickerFromTicks('BTCUSDT', [{ time: now - 25 * H, price: '1', volume: '1' }], now, P),
    ).toBeNull();
  });
});
