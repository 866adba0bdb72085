import { describe, expect, it } from 'vitest';
import type { QuoteInfo } from '@hx/protocol';
import { KeptMarket } from './keptMarket.ts';
import type { SpotPair } from './types.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    get: (k: string) => map.get(k) ?? null,
    set: (k: string, v: string) => void map.set(k, v),
  };
}

const pair = { symbol: 'BTCUSDT', name: 'BTC/USDT' } as SpotPair;
const quote = (symbol: string, price: string) => ({ symbol, price, change: '1.5' }) as QuoteInfo;

describe('the trade page kept for offline', () => {
  it('gives back the pairs and each pair last ticker with its time', () => {
    const store = memory();
    const kept = new KeptMarket(store);
    expect(kept.pairs()).toBeNull();
    expect(kept.ticker('BTCUSDT')).toBeNull();
    kept.keepPairs([pair]);
    kept.keepTicker(quote('BTCUSDT', '64273.16'), 1000);
    kept.keepTicker(quote('ETHUSDT', '3000.5'), 1000);
    // Another page load (a reload offline) reads what this one kept.
    const reloaded = new KeptMarket(store);
    expect(reloaded.pairs()).toEqual([pair]);
    expect(reloaded.ticker('BTCUSDT')).toEqual({ time: 1000, quote: quote('BTCUSDT', '64273.16') });
    expect(reloaded.ticker('ETHUSDT')?.quote.price).toBe('3000.5');
  });

  it('writes a pair ticker at most every 10 s, and ignores what is not a pair or a price', () => {
    const store = memory();
    const kept = new KeptMarket(store);
    kept.keepTicker(quote('BTCUSDT', '1'), 1000);
    kept.keepTicker(quote('BTCUSDT', '2'), 5000);
    expect(kept.ticker('BTCUSDT')?.quote.price).toBe('1');
    kept.keepTicker(quote('BTCUSDT', '3'), 11_000);
    expect(kept.ticker('BTCUSDT')).toEqual({ time: 11_000, quote: quote('BTCUSDT', '3') });
    store.set('hx.spot.pairs', '{not json');
    expect(kept.pairs()).toBeNull();
    store.set('hx.spot.pairs', JSON.stringify([{ nope: 1 }]));
    expect(kept.pairs()).toBeNull();
  });
});
