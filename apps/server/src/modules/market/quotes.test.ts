import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tick } from '@hx/market';
import { call, registerEmail, testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const HOUR = 3_600_000;
const NOW = Date.parse('2024-06-12T12:00:30Z');
const tick = (symbol: string, time: number, price: string, volume: string): Tick => ({
  symbol,
  time,
  price,
  volume,
});

beforeEach(async () => {
  t = await testApp({}, { market: { symbols: ['BTCUSDT', 'ETHUSDT', 'XAUUSD', 'EURUSD'] } });
  t.clock.advance(NOW - 26 * HOUR - t.clock.now().getTime());
});
afterEach(() => t.close());

describe('market routes', () => {
  it('quotes 24-hour statistics from the recorded minutes', async () => {
    t.app.market.ingest([
      tick('BTCUSDT', NOW - 25 * HOUR, '50.00', '100.00000'), // older than 24 h: not counted
      tick('BTCUSDT', NOW - 23 * HOUR, '100.00', '1.00000'),
      tick('BTCUSDT', NOW - 12 * HOUR, '120.00', '2.00000'),
      tick('BTCUSDT', NOW - HOUR, '90.00', '3.00000'),
      tick('BTCUSDT', NOW, '98.76', '4.00000'),
      tick('XAUUSD', NOW - 30 * HOUR, '2300.00', '1.00'), // only a price older than a day
    ]);
    await t.app.market.flush();
    t.clock.advance(NOW - t.clock.now().getTime());
    // A spot pair's index is asked for by name; its listed quote is its own trades (none yet).
    const index = await call(t.app, 'GET', 'currency/futures_info', {
      symbol: 'BTCUSDT',
      source: 'index',
    });
    expect(index.body.message).toMatchObject({
      price: '98.76',
      open: '100.00',
      change: '-1.24',
      high: '120.00',
      low: '90.00',
      volume: '10.00000',
      time: NOW,
    });
    const { body } = await call(t.app, 'GET', 'currency/quotation_new');
    expect(body.message).toEqual([
      {
        symbol: 'BTCUSDT',
        name: 'BTC/USDT',
        kind: 'spot',
        base: 'BTC',
        quote: 'USDT',
        price: null,
        open: null,
        change: null,
        high: null,
        low: null,
        volume: null,
        time: null,
      },
      {
        symbol: 'ETHUSDT',
        name: 'ETH/USDT',
        kind: 'spot',
        base: 'ETH',
        quote: 'USDT',
        price: null,
        open: null,
        change: null,
        high: null,
        low: null,
        volume: null,
        time: null,
      },
    ]);
    const all = await call(t.app, 'GET', 'currency/quotation_new', { kind: 'all' });
    expect(all.body.message.map((q: { symbol: string }) => q.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'EURUSD',
      'XAUUSD',
    ]);
    const futures = await call(t.app, 'GET', 'currency/futures_list');
    expect(futures.body.message.map((q: { symbol: string }) => q.symbol)).toEqual([
      'EURUSD',
      'XAUUSD',
    ]);
    const gold = await call(t.app, 'GET', 'currency/futures_info', { symbol: 'xauusd' });
    expect(gold.body.message).toEqual({
      symbol: 'XAUUSD',
      name: 'Gold',
      kind: 'futures',
      base: 'XAU',
      quote: 'USD',
      price: '2300.00',
      open: '2300.00',
      change: '0.00',
      high: '2300.00',
      low: '2300.00',
      volume: '0.00',
      time: NOW - 30 * HOUR,
      change_amount: '0.00',
      price_precision: 2,
      amount_precision: 2,
      tick_size: '0.1',
    });
    const unknown = await call(
      t.app,
      'GET',
      'currency/futures_info',
      { symbol: 'NOPE' },
      {
        lang: 'esp',
      },
    );
    expect(unknown).toEqual({
      status: 400,
      body: { type: 'error', code: 'SYMBOL_UNKNOWN', message: 'Par de negociación desconocido' },
    });
  });

  it('draws the time-share line from the minutes of the last day', async () => {
    t.clock.advance(NOW - 3 * 60_000 - t.clock.now().getTime());
    t.app.market.ingest([
      tick('ETHUSDT', NOW - 25 * HOUR, '1.00', '1.0000'),
      tick('ETHUSDT', NOW - 150_000, '3000.00', '1.0000'),
      tick('ETHUSDT', NOW - 140_000, '3001.00', '1.0000'),
      tick('ETHUSDT', NOW - 60_000, '2999.50', '1.0000'),
      tick('ETHUSDT', NOW, '3002.25', '1.0000'),
    ]);
    await t.app.market.flush();
    t.clock.advance(NOW + 30_000 - t.clock.now().getTime());
    const minute = Math.floor(NOW / 60_000) * 60_000;
    const { body } = await call(t.app, 'GET', 'currency/new_timeshar', {
      symbol: 'ETHUSDT',
      source: 'index',
    });
    expect(body.message).toEqual([
      { time: minute - 120_000, price: '3001.00' },
      { time: minute - 60_000, price: '2999.50' },
      { time: minute, price: '3002.25' },
    ]);
  });

  it('has an empty book until spot trading runs, and a hook for it', async () => {
    const { body } = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(body.message).toEqual({ bids: [], asks: [], trades: [] });
    t.app.market.book = {
      deal: () => ({
        bids: [['99.00', '1.50000']],
        asks: [['101.00', '0.20000']],
        trades: [{ price: '100.00', amount: '0.10000', side: 'buy', time: NOW }],
      }),
    };
    const filled = await call(t.app, 'GET', 'currency/deal', { symbol: 'BTCUSDT' });
    expect(filled.body.message.bids).toEqual([['99.00', '1.50000']]);
    expect((await call(t.app, 'GET', 'currency/deal', { symbol: 'X' })).status).toBe(400);
  });

  it('keeps favourites per user, in the order added', async () => {
    const alice = await registerEmail(t.app, 'alice@example.com');
    const bob = await registerEmail(t.app, 'bob@example.com');
    const as = (token: string) => ({ authorization: token });
    expect((await call(t.app, 'GET', 'currency/user_currency_list')).body.code).toBe(
      'UNAUTHENTICATED',
    );
    const add = (symbol: string, token: string) =>
      call(t.app, 'POST', 'currency/user_currency_add', { symbol }, as(token));
    expect((await add('xauusd', alice.token)).body.message).toEqual({ symbols: ['XAUUSD'] });
    t.clock.advance(1000);
    expect((await add('BTCUSDT', alice.token)).body.message).toEqual({
      symbols: ['XAUUSD', 'BTCUSDT'],
    });
    expect((await add('BTCUSDT', alice.token)).body.message.symbols).toHaveLength(2);
    expect((await add('NOPE', alice.token)).body.code).toBe('SYMBOL_UNKNOWN');
    expect((await add('', alice.token)).body.code).toBe('SYMBOL_UNKNOWN');
    await add('ETHUSDT', bob.token);

    const list = await call(t.app, 'GET', 'currency/user_currency_list', {}, as(alice.token));
    expect(list.body.message.map((q: { symbol: string }) => q.symbol)).toEqual([
      'XAUUSD',
      'BTCUSDT',
    ]);
    expect(list.body.message[0]).toMatchObject({ name: 'Gold', kind: 'futures', price: null });
    const del = await call(
      t.app,
      'POST',
      'currency/user_currency_del',
      { symbol: 'XAUUSD' },
      as(alice.token),
    );
    expect(del.body.message).toEqual({ symbols: ['BTCUSDT'] });
    const bobs = await call(t.app, 'GET', 'currency/user_currency_list', {}, as(bob.token));
    expect(bobs.body.message.map((q: { symbol: string }) => q.symbol)).toEqual(['ETHUSDT']);
  });
});
