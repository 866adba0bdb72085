import { describe, expect, it } from 'vitest';
import {
  averageOfLast,
  compactAmount,
  decimalsOf,
  directionOf,
  formatChange,
  learnPrecision,
  movingAverage,
  sortQuotes,
} from './market.ts';

describe('decimalsOf / learnPrecision', () => {
  it('counts the places the server wrote', () => {
    expect(decimalsOf('64213.50')).toBe(2);
    expect(decimalsOf('0.12345')).toBe(5);
    expect(decimalsOf('12')).toBe(0);
    expect(decimalsOf(null)).toBe(0);
  });

  it('keeps the most places seen for a symbol', () => {
    expect(learnPrecision('XRPUSDT', '0.5231')).toBe(4);
    expect(learnPrecision('XRPUSDT', '0.52')).toBe(4);
    expect(learnPrecision('XRPUSDT', '0.5', '0.52311')).toBe(5);
  });
});

describe('formatChange / directionOf', () => {
  it('signs and floors the percent', () => {
    expect(formatChange('1.2399', 'en')).toBe('+1.23%');
    expect(formatChange('-0.5', 'en')).toBe('-0.50%');
    expect(formatChange('-0.001', 'en')).toBe('-0.01%');
    expect(formatChange('0', 'en')).toBe('0.00%');
    expect(formatChange(null, 'en')).toBe('--');
    expect(formatChange('1.5', 'esp')).toBe('+1,50%');
  });

  it('tells rise from fall', () => {
    expect(directionOf('0.01')).toBe('rise');
    expect(directionOf('-0.01')).toBe('fall');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf(null)).toBe('flat');
  });
});

describe('compactAmount', () => {
  it('shortens with a floored suffix', () => {
    expect(compactAmount('1234567.8', 'en')).toBe('1.23M');
    expect(compactAmount('999.999', 'en')).toBe('999.99');
    expect(compactAmount('2500000000', 'en')).toBe('2.50B');
    expect(compactAmount(null, 'en')).toBe('--');
  });
});

describe('sortQuotes', () => {
  const q = (
    symbol: string,
    change: string | null,
    price: string | null,
    volume: string | null,
  ) => ({
    symbol,
    change,
    price,
    volume,
  });
  const quotes = [
    q('AAA', '1.5', '10', '100'), // turnover 1000
    q('BBB', '-3', '1', '50000'), // 50000
    q('CCC', '12.25', '100', '1'), // 100
    q('DDD', null, null, null),
  ];
  const symbols = (list: { symbol: string }[]) => list.map((x) => x.symbol);

  it('puts the biggest gain, loss or turnover first and empty quotes last', () => {
    expect(symbols(sortQuotes(quotes, 'gainers'))).toEqual(['CCC', 'AAA', 'BBB', 'DDD']);
    expect(symbols(sortQuotes(quotes, 'losers'))).toEqual(['BBB', 'AAA', 'CCC', 'DDD']);
    expect(symbols(sortQuotes(quotes, 'volume'))).toEqual(['BBB', 'AAA', 'CCC', 'DDD']);
  });

  it('compares decimals exactly', () => {
    const close = [q('X', '0.30000000000000001', '1', '1'), q('Y', '0.3', '1', '1')];
    expect(symbols(sortQuotes(close, 'gainers'))).toEqual(['X', 'Y']);
  });
});

describe('moving averages', () => {
  it('draws from numbers once enough bars are in', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('shows the last average in decimal arithmetic, floored', () => {
    expect(averageOfLast(['0.1', '0.2', '0.2'], 3, 4)).toBe('0.1666');
    expect(averageOfLast(['1', '2'], 3, 2)).toBeNull();
  });
});
