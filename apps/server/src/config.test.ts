import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('demo mode on an address other machines reach', () => {
  it('refuses to start, saying what to set', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST })).toThrow(/MODE=production.*DEMO_PUBLIC=1/);
      expect(() => loadConfig({ MODE: 'demo', HOST, DEMO_PUBLIC: '0' })).toThrow(/DEMO_PUBLIC/);
    }
  });

  it('starts when told so with DEMO_PUBLIC=1', () => {
    const config = loadConfig({ MODE: 'demo', HOST: '0.0.0.0', DEMO_PUBLIC: '1' });
    expect(config).toMatchObject({ mode: 'demo', host: '0.0.0.0' });
  });

  it('starts on this machine only, as it always did', () => {
    for (const HOST of ['', '127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1', 'localhost'])
      expect(loadConfig({ MODE: 'demo', HOST }).mode).toBe('demo');
  });

  it('is no concern of production mode', () => {
    expect(loadConfig({ MODE: 'production', HOST: '0.0.0.0', MARKET_SOURCE: 'binance' }).host).toBe(
      '0.0.0.0',
    );
  });

  it('takes DEMO_PUBLIC as 1 or 0 only', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', DEMO_PUBLIC: 'yes' })).toThrow(
      /DEMO_PUBLIC must be one of 0, 1/,
    );
  });
});

describe('how long user sessions last', () => {
  it('is 30 days unused and 90 in all unless set, in whole days', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleDays: 30, sessionMaxDays: 90 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '14' })).toMatchObject({
      sessionIdleDays: 7,
      sessionMaxDays: 14,
    });
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(
      /SESSION_IDLE_DAYS must be a whole number of at least 1/,
    );
    expect(() => loadConfig({ SESSION_MAX_DAYS: '1.5' })).toThrow(/SESSION_MAX_DAYS/);
  });

  it('refuses a whole shorter than its idle bound', () => {
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '30', SESSION_MAX_DAYS: '10' })).toThrow(
      'SESSION_MAX_DAYS (10) must be at least SESSION_IDLE_DAYS (30)',
    );
  });
});

describe('the market maker’s hedging venue', () => {
  it('takes a ccxt id with its key and secret, or nothing', () => {
    expect(loadConfig({}).hedge).toBeUndefined();
    const env = { HEDGE_VENUE: 'binance', HEDGE_API_KEY: 'k', HEDGE_API_SECRET: 's' };
    expect(loadConfig({ ...env, HEDGE_URL: 'http://10.0.0.2:8080/api/v3/' }).hedge).toEqual({
      venue: 'binance',
      apiKey: 'k',
      secret: 's',
      url: 'http://10.0.0.2:8080/api/v3',
    });
    expect(() => loadConfig({ HEDGE_VENUE: 'binance', HEDGE_API_KEY: 'k' })).toThrow(
      'HEDGE_VENUE needs HEDGE_API_KEY and HEDGE_API_SECRET',
    );
    expect(() => loadConfig({ ...env, HEDGE_VENUE: 'Bin ance' })).toThrow('ccxt exchange id');
  });
});

describe('MARKET_SOURCE', () => {
  it('takes a comma list of venues, with the index settings', () => {
    const c = loadConfig({ MARKET_SOURCE: 'binance, okx,bybit', INDEX_STALE_S: '5' });
    expect(c).toMatchObject({
      indexVenues: ['binance', 'okx', 'bybit'],
      indexMinSources: 2,
      indexStaleMs: 5000,
      indexMaxDeviation: '0.02',
      optionStaleRefundMs: 300_000,
    });
    expect(loadConfig({ MARKET_SOURCE: 'okx' }).indexMinSources).toBe(1);
    expect(loadConfig({}).indexVenues).toEqual([]); // demo: the walk
  });

  it('refuses unknown venues, the walk in production and impossible minimums', () => {
    expect(() => loadConfig({ MARKET_SOURCE: 'kraken' })).toThrow(/MARKET_SOURCE must be/);
    expect(() => loadConfig({ MODE: 'production', MARKET_SOURCE: 'simulated' })).toThrow(
      /MARKET_SOURCE.*binance, okx, bybit/,
    );
    expect(() => loadConfig({ MARKET_SOURCE: 'okx', INDEX_MIN_SOURCES: '2' })).toThrow(
      /INDEX_MIN_SOURCES/,
    );
  });
});

describe('HISTORY_DAYS', () => {
  it('takes period:days pairs; the periods not named keep their depth', () => {
    expect(loadConfig({}).historyDays).toEqual({});
    expect(loadConfig({ HISTORY_DAYS: '1min:1, 60min:20' }).historyDays).toEqual({
      '1min': 1,
      '60min': 20,
    });
  });

  it('refuses unknown periods and days that are not whole and positive', () => {
    for (const bad of ['2min:1', '1min:0', '1min:1.5', '1min', 'days'])
      expect(() => loadConfig({ HISTORY_DAYS: bad })).toThrow(/HISTORY_DAYS must be period:days/);
  });
});
