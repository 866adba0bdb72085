import { describe, expect, it } from 'vitest';
import { KLINE_PERIODS } from '@hx/protocol';
import { PERIODS } from '@hx/market';
import { channelKind } from './channels.ts';
import { payloadOf, textFrame } from './hub.ts';

describe('socket channels', () => {
  it('knows the public channels of the contract', () => {
    expect(channelKind('tickers')).toBe('state');
    expect(channelKind('ticker.BTCUSDT')).toBe('state');
    expect(channelKind('kline.XAUUSD.1week')).toBe('state');
    expect(channelKind('depth.ETHUSDT')).toBe('state');
    expect(channelKind('trades.ETHUSDT')).toBe('event');
    for (const ch of [
      'ticker',
      'ticker.btcusdt',
      'kline.BTCUSDT',
      'kline.BTCUSDT.1h',
      'depth.BTCUSDT.1min',
      'orders',
      '',
    ]) {
      expect(channelKind(ch), ch).toBeNull();
    }
  });

  it('offers the same chart periods as the market package', () => {
    expect([...KLINE_PERIODS]).toEqual([...PERIODS]);
  });

  it('frames text of every length class (RFC 6455)', () => {
    for (const n of [0, 125, 126, 65_535, 65_536, 200_000]) {
      const payload = Buffer.alloc(n, 'x');
      const frame = textFrame(payload);
      expect(frame[0]).toBe(0x81);
      expect(frame.length - payload.length).toBe(n < 126 ? 2 : n < 65_536 ? 4 : 10);
      expect(payloadOf(frame).equals(payload)).toBe(true);
    }
  });
});
