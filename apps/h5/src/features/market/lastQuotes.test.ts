import { describe, expect, it } from 'vitest';
import type { MarketQuote } from '@hx/protocol';
import { LastQuotes, SAVE_EVERY_MS } from './lastQuotes.ts';

const quote = (symbol: string, price: string | null): MarketQuote => ({
  symbol,
  name: `${symbol.slice(0, 3)}/USDT`,
  kind: 'spot',
  base: symbol.slice(0, 3),
  quote: 'USDT',
  price,
  open: null,
  change: '1.25',
  high: null,
  low: null,
  volume: null,
  time: null,
});

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    get: (k: string) => map.get(k) ?? null,
    set: (k: string, v: string) => map.set(k, v),
  };
}

describe('LastQuotes', () => {
  it('gives back the quotes last kept with their time, across a restart', () => {
    const store = memoryStore();
    new LastQuotes(store).remember('spot', [quote('BTCUSDT', '64000.5')], 1_000);
    const afterRestart = new LastQuotes(store);
    expect(afterRestart.recall('spot')).toEqual({
      time: 1_000,
      quotes: [quote('BTCUSDT', '64000.5')],
    });
    expect(afterRestart.recall('futures')).toBeNull();
  });

  it('writes a list at most every 10 s, keeping the time of what it wrote', () => {
    const store = memoryStore();
    const last = new LastQuotes(store);
    last.remember('spot', [quote('BTCUSDT', '1')], 50_000);
    last.remember('spot', [quote('BTCUSDT', '2')], 50_000 + SAVE_EVERY_MS - 1);
    expect(last.recall('spot')).toMatchObject({ time: 50_000, quotes: [{ price: '1' }] });
    last.remember('spot', [quote('BTCUSDT', '3')], 50_000 + SAVE_EVERY_MS);
    expect(last.recall('spot')).toMatchObject({
      time: 50_000 + SAVE_EVERY_MS,
      quotes: [{ price: '3' }],
    });
    // Lists are kept apart.
    last.remember('futures', [quote('XAUUSD', '2400')], 50_001);
    expect(last.recall('futures')?.quotes).toHaveLength(1);
  });

  it('keeps nothing for an empty list and reads nothing from a damaged entry', () => {
    const store = memoryStore();
    const last = new LastQuotes(store);
    last.remember('spot', [], 1);
    expect(store.map.size).toBe(0);
    for (const raw of ['{', '"x"', '{"time":"1","quotes":[]}', '{"time":1,"quotes":[{"x":1}]}']) {
      store.map.set('hx.lastQuotes.spot', raw);
      expect(last.recall('spot')).toBeNull();
    }
    store.map.set(
      'hx.lastQuotes.spot',
      JSON.stringify({ time: 5, quotes: [quote('ETHUSDT', null), { symbol: 7 }] }),
    );
    expect(last.recall('spot')).toEqual({ time: 5, quotes: [quote('ETHUSDT', null)] });
  });
});
