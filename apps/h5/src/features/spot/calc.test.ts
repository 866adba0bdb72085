import { describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import {
  boughtOf,
  cumulativeDepth,
  feeOf,
  floorToStep,
  lockPriceOf,
  orderIssue,
  percentOf,
  placesOf,
  sliderAmount,
  spendIssue,
  spendOf,
  spendPercent,
  stepBy,
  totalOf,
} from './calc.ts';

describe('totalOf', () => {
  it('multiplies exactly, without float error', () => {
    expect(totalOf('0.1', '0.2')).toBe('0.02');
    expect(totalOf('64213.57', '0.00123')).toBe('78.9826911');
  });
  it('is null until both are positive', () => {
    expect(totalOf('', '1')).toBeNull();
    expect(totalOf('100', '0')).toBeNull();
    expect(totalOf('100', '.')).toBeNull();
  });
});

describe('feeOf', () => {
  it('charges a buy in the base coin it receives', () => {
    expect(feeOf('buy', '65000', '0.5', '0.001')).toBe('0.0005');
  });
  it('charges a sell in the quote coin it receives', () => {
    expect(feeOf('sell', '65000', '0.5', '0.001')).toBe('32.5');
  });
  it('rounds up to the unit the server charges in', () => {
    // A small buy pays its rate, not a whole amount step.
    expect(feeOf('buy', '65000', '0.001', '0.001')).toBe('0.000001');
    expect(feeOf('sell', '64250.69', '0.001', '0.001')).toBe('0.06425069');
  });
  it('needs an amount (and a price for a sell)', () => {
    expect(feeOf('buy', '', '', '0.001')).toBeNull();
    expect(feeOf('sell', '', '1', '0.001')).toBeNull();
    expect(feeOf('buy', '', '1', '0.001')).toBe('0.001');
  });
});

describe('sliderAmount', () => {
  it('spends a share of the quote balance on a buy, floored to the step', () => {
    // 1000 USDT × 25% ÷ 65432.1 = 0.0038207... → 0.00382
    expect(sliderAmount(25, 'buy', '1000', '65432.1', '0.00001')).toBe('0.00382');
    expect(sliderAmount(100, 'buy', '1000', '65432.1', '0.00001')).toBe('0.01528');
  });
  it('sells a share of the base balance, floored to the step', () => {
    expect(sliderAmount(50, 'sell', '0.123459', '1', '0.00001')).toBe('0.06172');
    expect(sliderAmount(100, 'sell', '0.123459', '', '0.00001')).toBe('0.12345');
  });
  it('never rounds up past the balance', () => {
    const amount = sliderAmount(100, 'buy', '100', '3', '0.001');
    expect(amount).toBe('33.333');
    expect(new Decimal(totalOf('3', amount)!).lte(100)).toBe(true);
  });
  it('gives nothing without a balance, a price for buys, or below one step', () => {
    expect(sliderAmount(50, 'buy', '0', '100', '0.001')).toBe('');
    expect(sliderAmount(50, 'buy', undefined, '100', '0.001')).toBe('');
    expect(sliderAmount(50, 'buy', '100', '', '0.001')).toBe('');
    expect(sliderAmount(25, 'sell', '0.001', '', '0.001')).toBe('');
    expect(sliderAmount(0, 'sell', '5', '', '0.001')).toBe('');
  });
  it('uses whole steps for coarse pairs', () => {
    expect(sliderAmount(75, 'sell', '10', '', '1')).toBe('7');
  });
});

describe('percentOf', () => {
  it('places the slider for a typed amount', () => {
    expect(percentOf('0.5', 'sell', '2', '')).toBe(25);
    expect(percentOf('1', 'buy', '200', '100')).toBe(50);
    expect(percentOf('5', 'sell', '2', '')).toBe(100);
    expect(percentOf('', 'sell', '2', '')).toBe(0);
  });
});

describe('steps', () => {
  it('knows the places of a step', () => {
    expect(placesOf('0.01')).toBe(2);
    expect(placesOf('0.00001')).toBe(5);
    expect(placesOf('1')).toBe(0);
  });
  it('floors to the step', () => {
    expect(floorToStep('1.23456789', '0.001')).toBe('1.234');
    expect(floorToStep('7.9', '0.5')).toBe('7.5');
  });
  it('moves by one tick up and down, never below zero', () => {
    expect(stepBy('100.00', '0.01', 1)).toBe('100.01');
    expect(stepBy('100.00', '0.01', -1)).toBe('99.99');
    expect(stepBy('100.005', '0.01', -1)).toBe('100.00');
    expect(stepBy('100.005', '0.01', 1)).toBe('100.01');
    expect(stepBy('', '0.00001', 1)).toBe('0.00001');
    expect(stepBy('0.00001', '0.00001', -1)).toBe('0.00000');
  });
});

describe('cumulativeDepth', () => {
  const bids: [string, string][] = [
    ['99', '1'],
    ['98', '2'],
    ['97', '3'],
  ];
  const asks: [string, string][] = [
    ['101', '0.5'],
    ['102', '0.5'],
  ];
  it('sums sizes from the best level outwards', () => {
    const book = cumulativeDepth(bids, asks, 10);
    expect(book.bids.map((r) => r.cumulative)).toEqual(['1', '3', '6']);
    expect(book.asks.map((r) => r.cumulative)).toEqual(['0.5', '1']);
  });
  it('scales both sides against the deeper one', () => {
    const book = cumulativeDepth(bids, asks, 10);
    expect(book.bids.map((r) => r.share)).toEqual([16.67, 50, 100]);
    expect(book.asks.map((r) => r.share)).toEqual([8.33, 16.67]);
  });
  it('keeps only the levels shown', () => {
    const book = cumulativeDepth(bids, asks, 2);
    expect(book.bids).toHaveLength(2);
    expect(book.bids[1]!.share).toBe(100);
  });
  it('handles an empty book', () => {
    expect(cumulativeDepth([], [], 5)).toEqual({ bids: [], asks: [] });
  });
});

describe('orderIssue', () => {
  const base = { side: 'buy', type: 'limit', price: '100', amount: '1', available: '100' } as const;
  it('asks for a price on a limit order, then a quantity', () => {
    expect(orderIssue({ ...base, price: '' })).toBe('PRICE_REQUIRED');
    expect(orderIssue({ ...base, amount: '' })).toBe('AMOUNT_REQUIRED');
    expect(orderIssue({ ...base, amount: '0' })).toBe('AMOUNT_REQUIRED');
    expect(orderIssue({ ...base, type: 'market', price: '', amount: '' })).toBe('AMOUNT_REQUIRED');
  });
  it('checks the quote balance of a buy', () => {
    expect(orderIssue(base)).toBeNull();
    expect(orderIssue({ ...base, amount: '1.0001' })).toBe('INSUFFICIENT_BALANCE');
  });
  it('estimates a market buy at the reference price', () => {
    const market = { ...base, type: 'market', price: '' } as const;
    expect(orderIssue({ ...market, reference: '99' })).toBeNull();
    expect(orderIssue({ ...market, reference: '101' })).toBe('INSUFFICIENT_BALANCE');
    expect(orderIssue({ ...market, available: '0' })).toBe('INSUFFICIENT_BALANCE');
  });
  it('checks the sellable base balance of a sell', () => {
    expect(orderIssue({ ...base, side: 'sell', available: '1' })).toBeNull();
    expect(orderIssue({ ...base, side: 'sell', available: '0.5' })).toBe('INSUFFICIENT_BALANCE');
  });
  it('leaves the balance to the server while it is unknown', () => {
    expect(orderIssue({ ...base, amount: '5', available: undefined })).toBeNull();
  });
});

describe('a market buy by spend', () => {
  it('takes a share of the available quote, floored to the tick', () => {
    expect(spendOf(25, '1000.0001', '0.01')).toBe('250.00');
    expect(spendOf(100, '99.999', '0.01')).toBe('99.99');
    expect(spendOf(50, '0.01', '0.01')).toBe('');
    expect(spendOf(50, undefined, '0.01')).toBe('');
  });
  it('places the slider by the share typed', () => {
    expect(spendPercent('250', '1000')).toBe(25);
    expect(spendPercent('2000', '1000')).toBe(100);
    expect(spendPercent('', '1000')).toBe(0);
  });
  it('estimates what it buys in whole amount steps', () => {
    // 100 USDT at 64,300: 0.00155520… BTC, floored to the 0.00001 step.
    expect(boughtOf('100', '64300', '0.00001')).toBe('0.00155');
    expect(boughtOf('100', '', '0.00001')).toBeNull();
    expect(boughtOf('0', '64300', '0.00001')).toBeNull();
  });
  it('needs a spend within the balance', () => {
    expect(spendIssue('', '1000')).toBe('AMOUNT_REQUIRED');
    expect(spendIssue('1000.01', '1000')).toBe('INSUFFICIENT_BALANCE');
    expect(spendIssue('1000', '1000')).toBeNull();
    expect(spendIssue('1000', undefined)).toBeNull();
  });
});

describe('stop and OCO orders in the form', () => {
  const base = { side: 'buy', price: '100', amount: '1', available: '200' } as const;
  it('needs the trigger price, and an OCO its stop-limit price the right side of it', () => {
    expect(orderIssue({ ...base, type: 'stop_limit' })).toBe('STOP_PRICE_REQUIRED');
    expect(orderIssue({ ...base, type: 'stop_limit', stopPrice: '99' })).toBeNull();
    expect(orderIssue({ ...base, type: 'stop_market', price: '', stopPrice: '99' })).toBeNull();
    const oco = { ...base, type: 'oco', stopPrice: '110' } as const;
    expect(orderIssue(oco)).toBe('PRICE_REQUIRED');
    expect(orderIssue({ ...oco, stopLimitPrice: '111' })).toBeNull();
    // A buy takes profit below its stop, a sell above it.
    expect(orderIssue({ ...oco, stopLimitPrice: '111', price: '110' })).toBe('OCO_PRICES');
    expect(
      orderIssue({ ...oco, side: 'sell', stopPrice: '90', stopLimitPrice: '89', available: '1' }),
    ).toBeNull();
    expect(orderIssue({ ...oco, side: 'sell', stopLimitPrice: '109' })).toBe('OCO_PRICES');
  });
  it('wants the last trade price between an OCO’s limit and trigger prices when it is known', () => {
    // A buy: limit 100 < last < trigger 110.
    const buy = { ...base, type: 'oco', stopPrice: '110', stopLimitPrice: '111' } as const;
    expect(orderIssue({ ...buy, last: '105' })).toBeNull();
    expect(orderIssue({ ...buy, last: '99' })).toBe('OCO_PRICE_RELATION');
    expect(orderIssue({ ...buy, last: '100' })).toBe('OCO_PRICE_RELATION');
    expect(orderIssue({ ...buy, last: '110' })).toBe('OCO_PRICE_RELATION');
    expect(orderIssue({ ...buy, last: null })).toBeNull();
    // A sell: limit 100 > last > trigger 90.
    const sell = {
      ...buy,
      side: 'sell',
      stopPrice: '90',
      stopLimitPrice: '89',
      available: '1',
    } as const;
    expect(orderIssue({ ...sell, last: '95' })).toBeNull();
    expect(orderIssue({ ...sell, last: '101' })).toBe('OCO_PRICE_RELATION');
    expect(orderIssue({ ...sell, last: '90' })).toBe('OCO_PRICE_RELATION');
    // Other order types do not look at it.
    expect(orderIssue({ ...base, type: 'limit', last: '50' })).toBeNull();
  });
  it('counts a buy at what the server freezes', () => {
    expect(lockPriceOf({ type: 'stop_limit', price: '100', stopPrice: '90' })).toBe('100');
    expect(lockPriceOf({ type: 'stop_market', price: '', stopPrice: '100' })).toBe('105');
    expect(lockPriceOf({ type: 'oco', price: '100', stopLimitPrice: '130' })).toBe('130');
    expect(lockPriceOf({ type: 'market', price: '', reference: '7' })).toBe('7');
    // 1.9 × 105 = 199.5 fits in 200; 1.91 × 105 does not.
    const stopMarket = { ...base, type: 'stop_market', price: '', stopPrice: '100' } as const;
    expect(orderIssue({ ...stopMarket, amount: '1.9' })).toBeNull();
    expect(orderIssue({ ...stopMarket, amount: '1.91' })).toBe('INSUFFICIENT_BALANCE');
    const oco = { ...base, type: 'oco', stopPrice: '110', stopLimitPrice: '130' } as const;
    expect(orderIssue({ ...oco, amount: '1.6' })).toBe('INSUFFICIENT_BALANCE');
  });
});
