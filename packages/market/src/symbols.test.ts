import { describe, expect, it } from 'vitest';
import { Dec, tickUnits } from './decimal.ts';
import { SYMBOLS, findSymbol, getSymbol } from './symbols.ts';

describe('symbol catalogue', () => {
  it('has the spot pairs against USDT with the server coin ids', () => {
    const spot = SYMBOLS.filter((s) => s.kind === 'spot');
    expect(spot.map((s) => [s.base, s.baseCoinId])).toEqual([
      ['BTC', 1],
      ['ETH', 2],
      ['BNB', 4],
      ['SOL', 5],
      ['XRP', 6],
      ['DOGE', 7],
      ['ADA', 8],
      ['TRX', 9],
      ['LTC', 10],
      ['DOT', 11],
      ['LINK', 12],
    ]);
    expect(spot.every((s) => s.quote === 'USDT' && s.quoteCoinId === 3)).toBe(true);
  });

  it('has forex pairs and futures as quote-only symbols', () => {
    const names = (kind: string) => SYMBOLS.filter((s) => s.kind === kind).map((s) => s.symbol);
    expect(names('forex')).toEqual(['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'USDCNH']);
    expect(names('futures')).toEqual(['XAUUSD', 'XAGUSD', 'USOIL', 'NGAS']);
    expect(SYMBOLS.filter((s) => s.kind !== 'spot').every((s) => s.baseCoinId === null)).toBe(true);
    expect(getSymbol('XAUUSD').name).toBe('Gold');
  });

  it.each(SYMBOLS.map((s) => [s.symbol, s] as const))('%s is self-consistent', (_, s) => {
    expect(tickUnits(s)).toBeGreaterThanOrEqual(1);
    const start = new Dec(s.startPrice);
    expect(start.gt(0)).toBe(true);
    expect(start.mod(s.tickSize).isZero()).toBe(true);
    expect(start.decimalPlaces()).toBeLessThanOrEqual(s.pricePrecision);
    expect(s.annualVolatility).toBeGreaterThan(0);
    expect(s.annualVolatility).toBeLessThan(2);
    // A month of simulated minute volumes (up to ~7x typical) stays an exact integer of units.
    const monthUnits = s.minuteVolume * 10 ** s.amountPrecision * 44_640 * 7;
    expect(monthUnits).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('looks symbols up case-insensitively and is read-only', () => {
    expect(findSymbol('btcusdt')?.symbol).toBe('BTCUSDT');
    expect(findSymbol('NOPE')).toBeUndefined();
    expect(() => getSymbol('NOPE')).toThrow(/unknown symbol/);
    expect(Object.isFrozen(SYMBOLS[0])).toBe(true);
  });
});
