import { describe, expect, it } from 'vitest';
import type { LeverPair } from '@hx/protocol';
import {
  amountText,
  entryBasis,
  netProfit,
  percentText,
  ratioText,
  preview,
  priceText,
  riskLevel,
  roe,
  signed,
} from './calc.ts';

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
      liquidation: '59805.98',
      reach: '0.08',
    });
  });
  it('gives the liquidation price the server stores (lever.test.ts, math.test.ts)', () => {
    // 10×, 20% maintenance: 8% against the entry; at 100× 0.8%.
    expect(preview(BTC, 'long', 2, 10, '65000')?.liquidation).toBe('59800');
    expect(preview(BTC, 'short', 2, 10, '65000')?.liquidation).toBe('70200');
    expect(preview({ ...BTC, price: '68000' }, 'long', 1, 100, null)).toMatchObject({
      entry: '68006.80',
      margin: '6.8007',
      liquidation: '67462.7456',
      reach: '0.008',
    });
    expect(preview(BTC, 'short', 1, 3, '100')?.liquidation).toBe('126.666666666666666667');
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
  it('formats profits, amounts and prices with the separators of the language', () => {
    expect(signed('19.87')).toBe('+19.8700');
    expect(signed('-2.132')).toBe('-2.1320');
    expect(signed('-1234.56789')).toBe('-1,234.5678'); // toward zero
    expect(signed('0')).toBe('0.0000');
    expect(signed(null)).toBe('--');
    expect(priceText('59805.980000000000000000', 2)).toBe('59,805.98');
    expect(priceText('59805.975', 2)).toBe('59,805.98'); // half up, as before
    expect(priceText('59805.98', 2, 'esp')).toBe('59.805,98');
    expect(priceText(null, 2)).toBe('--');
    expect(amountText('1000.0000')).toBe('1,000.0000');
    expect(amountText('1000.0000', 'esp')).toBe('1000,0000'); // Spanish groups from 5 digits
    expect(percentText('0.04')).toBe('4%');
    expect(percentText('0.008')).toBe('0.8%');
  });
});

describe('position figures', () => {
  it('ROE is the P&L over the initial margin', () => {
    // lever.test.ts: margin 130.013, P&L 19.87 at 66000.
    expect(roe('19.87', '130.013')).toBe('+15.28');
    expect(roe('-65', '130')).toBe('-50.00');
    expect(roe('-130', '130')).toBe('-100.00');
    expect(roe('0', '130')).toBe('0.00');
    expect(roe(null, '130')).toBeNull();
    expect(roe('1', '0')).toBeNull();
  });
  it('writes ratios for the language', () => {
    expect(ratioText('+15.28')).toBe('+15.28%');
    expect(ratioText('-50.00', 'esp')).toBe('-50,00%');
    expect(ratioText('17.34')).toBe('17.34%');
    expect(ratioText(null)).toBe('--');
  });
  it('net P&L takes the opening fee (closing is free)', () => {
    expect(netProfit('19.87', '0.6501')).toBe('19.2199');
    expect(netProfit('-6.8007', '0.3401')).toBe('-7.1408');
    expect(netProfit('0', '0.65')).toBe('-0.65');
    expect(netProfit(null, '0.65')).toBeNull();
  });
  it('the margin ratio (100% = liquidation) turns to a warning, then to danger', () => {
    expect(riskLevel('20.00')).toBe('calm');
    expect(riskLevel('49.99')).toBe('calm');
    expect(riskLevel('50.00')).toBe('warn');
    expect(riskLevel('80.00')).toBe('danger');
    expect(riskLevel('100.00')).toBe('danger');
    expect(riskLevel(null)).toBe('calm');
  });
});

describe('what a position card says about its entry', () => {
  // The walkthrough: recorded 64,258.86, spread 0.01%, entry 64,265.29.
  const long = {
    side: 'long',
    type: 'market',
    open_price: '64265.29',
    open_tick_price: '64258.86',
    spread: '0.0001',
  } as const;
  it('a market entry is the recorded price plus the spread (long) or less it (short)', () => {
    expect(entryBasis(long, 2)).toEqual({ sign: '+', amount: '6.43', quote: '64265.29' });
    // 66000 × 0.9999 = 65993.4 (lever.test.ts).
    expect(
      entryBasis({ ...long, side: 'short', open_price: '65993.4', open_tick_price: '66000' }, 2),
    ).toEqual({ sign: '−', amount: '6.6', quote: '65993.4' });
  });
  it('a limit entry names the price with spread that reached its limit', () => {
    // lever.test.ts: a long limit at 64000 filled on the tick 63990 (ask 63996.40).
    expect(
      entryBasis({ ...long, type: 'limit', open_price: '64000', open_tick_price: '63990' }, 2),
    ).toEqual({ sign: '+', amount: '6.4', quote: '63996.4' });
  });
  it('says nothing before an entry', () => {
    expect(entryBasis({ ...long, open_price: null, open_tick_price: null }, 2)).toBeNull();
  });
});
