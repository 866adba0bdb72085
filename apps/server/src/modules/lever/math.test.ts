import { describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import {
  entryPrice,
  fee,
  liquidationPrice,
  liquidationReached,
  margin,
  marginRatio,
  pnl,
  settledProfit,
  stopProblem,
} from './math.ts';

const BTC = { lots: 2, lotSize: '0.01' };

describe('margin and fee', () => {
  it.each([
    // price, lots, lot size, multiple → margin
    ['65000', 2, '0.01', 10, '130'],
    ['65000', 2, '0.01', 100, '13'],
    ['3120.45', 3, '0.1', 20, '46.8068'], // 46.80675 rounded up
    ['0.12345', 5, '1000', 5, '123.45'],
    ['64213.52', 1, '0.01', 50, '12.8428'], // 12.842704 up
  ])('margin of %s × %i × %s ÷ %i is %s', (price, lots, lotSize, multiple, expected) => {
    expect(margin(price, { side: 'long', lots, lotSize, multiple }, 4).toFixed()).toBe(expected);
  });

  it.each([
    ['65000', '0.0005', '0.65'],
    ['3120.45', '0.0005', '0.0313'], // 0.0312045 up
  ])('fee at %s and rate %s is %s', (price, rate, expected) => {
    const lots = price === '65000' ? BTC : { lots: 2, lotSize: '0.01' };
    expect(fee(price, { side: 'long', multiple: 10, ...lots }, rate, 4).toFixed()).toBe(expected);
  });
});

describe('P&L', () => {
  it.each([
    // side, open, mark → profit on 2 lots of 0.01
    ['long', '65000', '66000', '20'],
    ['long', '65000', '64000', '-20'],
    ['short', '65000', '64000', '20'],
    ['short', '65000', '66000', '-20'],
    ['long', '65000', '65000', '0'],
    ['long', '65000.01', '65000.02', '0.0002'],
    ['short', '65000.01', '65000.0249', '-0.0002'], // -0.000298 toward zero
  ] as const)('%s from %s at %s is %s', (side, open, mark, expected) => {
    expect(pnl(open, mark, { side, multiple: 10, ...BTC }, 4).toFixed()).toBe(expected);
  });

  it('a loss never takes more than the margin', () => {
    expect(settledProfit(new Decimal('-150'), '130').toFixed()).toBe('-130');
    expect(settledProfit(new Decimal('-20'), '130').toFixed()).toBe('-20');
    expect(settledProfit(new Decimal('50'), '130').toFixed()).toBe('50');
  });
});

describe('entry, liquidation and margin ratio', () => {
  it('the spread makes a long pay more and a short get less, on the price grid', () => {
    expect(entryPrice('long', '65000', '0.0001', 2).toFixed()).toBe('65006.5');
    expect(entryPrice('short', '65000', '0.0001', 2).toFixed()).toBe('64993.5');
    expect(entryPrice('long', '0.12345', '0.0001', 5).toFixed()).toBe('0.12347'); // 0.123462345 up
  });

  it('liquidation is where margin + P&L reaches the maintenance ratio of the margin', () => {
    // 10×, 20% maintenance: a long loses 80% of the margin after an 8% fall.
    expect(liquidationPrice('long', '65000', 10, '0.2').toFixed()).toBe('59800');
    expect(liquidationPrice('short', '65000', 10, '0.2').toFixed()).toBe('70200');
    expect(liquidationPrice('long', '100', 3, '0.2').toFixed()).toBe('73.333333333333333333');
    expect(liquidationPrice('short', '100', 3, '0.2').toFixed()).toBe('126.666666666666666667');
    const t = { side: 'long' as const, multiple: 10, ...BTC };
    const m = margin('65000', t, 4);
    expect(m.plus(pnl('65000', '59800', t, 4)).toFixed()).toBe(m.times('0.2').toFixed());
  });

  it('margin ratio is maintenance margin ÷ (margin + P&L): the maintenance ratio at entry, 100% at liquidation', () => {
    expect(marginRatio('130', '0', '0.2')).toBe('20.00');
    expect(marginRatio('130', '-65', '0.2')).toBe('40.00');
    expect(marginRatio('130', '13', '0.2')).toBe('18.18'); // 26 ÷ 143 = 18.1818…
    expect(marginRatio('130', '-104', '0.2')).toBe('100.00');
    expect(marginRatio('130', '-130', '0.2')).toBe('100.00');
    // Just before the liquidation price it is just under 100%; the trigger fires at the price.
    const t = { side: 'long' as const, multiple: 100, lots: 1, lotSize: '0.01' };
    const m = margin('68006.8', t, 4);
    const liq = liquidationPrice('long', '68006.8', 100, '0.2'); // 67462.7456
    expect(marginRatio(m, pnl('68006.8', '67462.75', t, 4), '0.2')).toBe('99.99');
    expect(liquidationReached('long', '67462.75', liq)).toBe(false);
    expect(liquidationReached('long', '67462.7456', liq)).toBe(true);
    expect(liquidationReached('short', '67600', '67600')).toBe(true);
    expect(liquidationReached('short', '67599.99', '67600')).toBe(false);
    expect(liquidationReached('long', '1', null)).toBe(false);
    // A short at 20×: the ratio climbs as the price rises towards liquidation.
    const s = { side: 'short' as const, multiple: 20, lots: 2, lotSize: '0.01' };
    const ms = margin('65000', s, 4); // 65
    const ratios = ['65000', '66000', '67000', '67600'].map((mark) =>
      Number(marginRatio(ms, pnl('65000', mark, s, 4), '0.2')),
    );
    expect(ratios).toEqual([20, 28.88, 52, 100]);
    expect(liquidationPrice('short', '65000', 20, '0.2').toFixed()).toBe('67600');
  });

  it('stops must lie on the right side of the price', () => {
    expect(stopProblem('long', '100', '101', '99')).toBeNull();
    expect(stopProblem('long', '100', '100', undefined)).toBe('LEVER_STOP_PROFIT_SIDE');
    expect(stopProblem('long', '100', undefined, '100')).toBe('LEVER_STOP_LOSS_SIDE');
    expect(stopProblem('short', '100', '99', '101')).toBeNull();
    expect(stopProblem('short', '100', '101', undefined)).toBe('LEVER_STOP_PROFIT_SIDE');
    expect(stopProblem('short', '100', undefined, '99')).toBe('LEVER_STOP_LOSS_SIDE');
  });
});
