import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.ts';
import { createSimulatedSource } from './simulated.ts';
import { getSymbol, SYMBOLS } from './symbols.ts';
import type { Tick } from './types.ts';

const T0 = Date.parse('2024-06-12T12:00:00Z');

function run(seed: number, steps: number, from = T0): Tick[] {
  const source = createSimulatedSource({ seed });
  const ticks: Tick[] = [];
  for (let i = 1; i <= steps; i++) ticks.push(...source.step(from + i * 1000));
  return ticks;
}

function onTick(price: string, symbol: string): boolean {
  const s = getSymbol(symbol);
  const [, decimals = ''] = price.split('.');
  return new Dec(price).mod(s.tickSize).isZero() && decimals.length === s.pricePrecision;
}

describe('simulated source: live ticks', () => {
  it('is deterministic for a seed and clock, and differs between seeds', () => {
    const a = run(42, 60);
    expect(run(42, 60)).toEqual(a);
    const b = run(43, 60);
    expect(b).not.toEqual(a);
    expect(a.length).toBe(60 * SYMBOLS.length); // one tick a second per symbol
  });

  it('starts near the catalogue price and moves like the symbol', () => {
    const first = run(1, 1);
    for (const t of first) {
      const start = new Dec(getSymbol(t.symbol).startPrice);
      expect(new Dec(t.price).minus(start).abs().div(start).toNumber()).toBeLessThan(0.005);
    }
  });

  it('keeps every price positive, on tick and at the symbol precision, volumes positive', () => {
    const ticks = run(9, 600);
    for (const t of ticks) {
      expect(new Dec(t.price).gt(0)).toBe(true);
      expect(onTick(t.price, t.symbol), `${t.symbol} ${t.price}`).toBe(true);
      expect(new Dec(t.volume).gt(0)).toBe(true);
      expect(t.volume.split('.')[1]?.length ?? 0).toBe(getSymbol(t.symbol).amountPrecision);
    }
    // A very volatile, cheap symbol over long gaps never rounds to zero.
    const crazy = { ...getSymbol('DOGEUSDT'), annualVolatility: 50 };
    const s = createSimulatedSource({ seed: 3, symbols: [crazy] });
    for (let i = 1; i <= 200; i++) {
      const [t] = s.step(T0 + i * 86_400_000);
      expect(new Dec(t?.price ?? '0').gte(crazy.tickSize)).toBe(true);
    }
  });

  it('start() ticks every interval from the clock; stop() ends it', async () => {
    let now = T0;
    const source = createSimulatedSource({
      seed: 5,
      symbols: [getSymbol('BTCUSDT')],
      clock: () => (now += 1000),
      intervalMs: 10,
    });
    const ticks: Tick[] = [];
    source.start((t) => ticks.push(t));
    await new Promise((r) => setTimeout(r, 80));
    await source.stop();
    const count = ticks.length;
    await new Promise((r) => setTimeout(r, 40));
    expect(count).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBe(count);
    const replay = createSimulatedSource({
      seed: 5,
      symbols: [getSymbol('BTCUSDT')],
      intervalMs: 10,
    });
    expect(ticks.map((t) => replay.step(t.time)[0])).toEqual(ticks);
  });
});
