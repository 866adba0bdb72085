import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { chooseParam, idParam, marketParam, recordView, symbolParam } from './params.ts';

describe('idParam', () => {
  it('reads a positive whole number', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam(' 7 ')).toBe(7);
    expect(idParam('9007199254740991')).toBe(9007199254740991);
  });

  it('treats absent and malformed ids as missing', () => {
    for (const raw of [null, undefined, '', 'abc', '0', '-3', '1.5', '1e3', '0x10', '012', '12abc'])
      expect(idParam(raw), String(raw)).toBeNull();
    expect(idParam('99999999999999999')).toBeNull();
  });
});

describe('symbolParam and marketParam', () => {
  it('upper-cases a market code', () => {
    expect(symbolParam('btcusdt')).toBe('BTCUSDT');
    expect(symbolParam(' EURUSD ')).toBe('EURUSD');
  });

  it('refuses what is no market code', () => {
    for (const raw of [null, '', 'B', 'BTC/USDT', '<script>', 'A'.repeat(21)])
      expect(symbolParam(raw), String(raw)).toBeNull();
  });

  it('uses the default only when the link names no market', () => {
    expect(marketParam(null, 'BTCUSDT')).toBe('BTCUSDT');
    expect(marketParam('  ', 'EURUSD')).toBe('EURUSD');
    expect(marketParam('ethusdt', 'BTCUSDT')).toBe('ETHUSDT');
    expect(marketParam('nope!', 'BTCUSDT')).toBe('');
  });
});

describe('chooseParam', () => {
  const coins = [
    { id: 1, name: 'BTC' },
    { id: 3, name: 'USDT' },
  ];
  const key = (c: { id: number }) => c.id;

  it('finds the chosen item', () => {
    expect(chooseParam(3, coins, key)).toEqual({ kind: 'chosen', item: coins[1] });
  });

  it('says missing before the list has loaded, so the picker shows at once', () => {
    expect(chooseParam(null, undefined, key)).toEqual({ kind: 'missing' });
  });

  it('waits for the list before calling a wanted item unknown', () => {
    expect(chooseParam(99, undefined, key)).toEqual({ kind: 'loading' });
    expect(chooseParam(99, coins, key)).toEqual({ kind: 'unknown' });
  });
});

describe('recordView', () => {
  const idle = { data: undefined, isError: false, error: null };
  const failed = (status: number) => ({
    data: undefined,
    isError: true,
    error: new ApiError('NOT_FOUND', 'Not found', status, false, true),
  });

  it('is missing without an id, whatever the query holds', () => {
    expect(recordView(null, idle)).toBe('missing');
    expect(recordView('', idle)).toBe('missing');
  });

  it('loads, then shows the record', () => {
    expect(recordView(5, idle)).toBe('loading');
    expect(recordView(5, { ...idle, data: { id: 5 } })).toBe('found');
  });

  it('is missing when the server says the id names nothing', () => {
    expect(recordView(5, failed(404))).toBe('missing');
    expect(recordView('NOPE', failed(400))).toBe('missing');
    expect(recordView(5, { ...idle, data: null })).toBe('missing');
  });

  it('is a failure, not "not found", when the server could not answer', () => {
    expect(recordView(5, failed(0))).toBe('failed');
    expect(recordView(5, failed(500))).toBe('failed');
    expect(recordView(5, { data: undefined, isError: true, error: new Error('x') })).toBe('failed');
  });
});
