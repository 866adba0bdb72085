import { describe, expect, it } from 'vitest';
import { findSymbol } from '../symbols.ts';
import { parseBinanceMessage } from './parse.ts';
import { loadFixture } from './replay-server.ts';

const parse = (text: string) => parseBinanceMessage(text, findSymbol);
const frames = loadFixture();

describe('parseBinanceMessage', () => {
  it('parses every recorded frame', () => {
    const types = frames.map((f) => parse(f).type);
    expect(types.filter((t) => t === 'trade')).toHaveLength(8);
    expect(types.filter((t) => t === 'kline')).toHaveLength(2);
    expect(types.filter((t) => t === 'ticker')).toHaveLength(2);
  });

  it('turns a trade into a tick at the symbol precision', () => {
    expect(parse(frames[0] as string)).toEqual({
      type: 'trade',
      tick: { symbol: 'BTCUSDT', time: 1718023201002, price: '69512.01', volume: '0.00150' },
    });
    expect(parse(frames[1] as string)).toMatchObject({
      tick: { symbol: 'ETHUSDT', price: '3688.42', volume: '0.5421' },
    });
  });

  it('turns a kline into a bar with its period and closed flag', () => {
    expect(parse(frames[9] as string)).toEqual({
      type: 'kline',
      kline: {
        symbol: 'BTCUSDT',
        period: '1min',
        closed: true,
        bar: {
          time: 1718023200000,
          open: '69508.12',
          high: '69515.80',
          low: '69507.55',
          close: '69510.50',
          volume: '3.31870',
        },
      },
    });
    expect(parse(frames[3] as string)).toMatchObject({ kline: { closed: false } });
  });

  it('turns a 24hrTicker into 24h statistics', () => {
    expect(parse(frames[4] as string)).toEqual({
      type: 'ticker',
      ticker: {
        symbol: 'BTCUSDT',
        time: 1718023202045,
        price: '69512.00',
        open: '69724.33',
        high: '70195.94',
        low: '69136.00',
        volume: '14511.94366',
        quoteVolume: '1010060113.4418514',
        change: '-212.33',
        changePercent: '-0.30',
      },
    });
  });

  it('accepts raw (non-combined) frames and subscription answers', () => {
    const raw = JSON.stringify(JSON.parse(frames[0] as string).data);
    expect(parse(raw)).toMatchObject({ type: 'trade', tick: { price: '69512.01' } });
    expect(parse('{"result":null,"id":3}')).toEqual({ type: 'result', id: 3 });
  });

  it('ignores other events, intervals and symbols it does not quote', () => {
    expect(parse('{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","s":"BTCUSDT"}}')).toEqual({
      type: 'ignored',
    });
    const other = (frames[0] as string).replaceAll('BTCUSDT', 'PEPEUSDT');
    expect(parse(other)).toEqual({ type: 'ignored' });
    const weekly = (frames[3] as string).replace('"i":"1m"', '"i":"3m"');
    expect(parse(weekly)).toEqual({ type: 'ignored' });
  });

  it('rejects malformed frames', () => {
    expect(() => parse('not json')).toThrow();
    expect(() => parse('[1,2]')).toThrow(/not an object/);
    expect(() => parse((frames[0] as string).replace('"69512.01000000"', '69512.01'))).toThrow(
      /field p/,
    );
    expect(() => parse((frames[0] as string).replace('"69512.01000000"', '"6.9e4"'))).toThrow(
      /not a decimal/,
    );
    expect(() => parse((frames[0] as string).replace('"T":1718023201002', '"T":"x"'))).toThrow(
      /field T/,
    );
    expect(() => parse((frames[3] as string).replace('"x":false', '"x":0'))).toThrow(/field x/);
  });
});
