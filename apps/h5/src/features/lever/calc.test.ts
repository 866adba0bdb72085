import { describe, expect, it } from 'vitest';
import type { LeverPair } from '@hx/contracts';
import { preview, priceText, signed } from './calc.ts';

const BTC: LeverPair = {
  symbol: 'BTCUSDT',
  name: 'BTC/USDT',
  currency_id: 3,
  lot_size: '0.01',
  multiples: [5, 10, 20, 50, 100],
  spread: '0.0001',
  fee_rate: '0.0005',
  maintenance_ratio: '0.2',
  price: '65000',
  price_time: 1,
  price_precision: 2,
};

describe('order preview', () => {
  it('matches the server for a market long (see lever.test.ts)', () => {
    expect(preview(BTC, 'long', 2, 10, null)).toEqual({
      entry: '65006.50',
      margin: '130.0130',
      fee: '0.6501',
      total: '130.6631',
    });
  });
  it('uses the limit price as the entry', () => {
    expect(preview(BTC, 'long', 2, 10, '64000')).toMatchObject({
      margin: '128.0000',
      fee: '0.6400',
    });
  });
  it('is empty without a price or with bad inputs', () => {
    expect(preview({ ...BTC, price: null }, 'long', 1, 10, null)).toBeNull();
    expect(preview(BTC, 'long', 0, 10, null)).toBeNull();
    expect(preview(BTC, 'long', 1, 10, 'abc')).toBeNull();
  });
  it('formats profits and prices', () => {
    expect(signed('19.87')).toBe('+19.8700');
    expect(signed('-2.132')).toBe('-2.1320');
    expect(signed(null)).toBe('--');
    expect(priceText('59805.980000000000000000', 2)).toBe('59805.98');
  });
});
