import type { Period } from '@hx/market';

/**
 * Binance's stream names (web-socket-streams.md) and what each one reads here. Symbols are
 * lowercase in a name and our spot pair's symbol in upper case is Binance's.
 */
export type StreamKind =
  | { type: 'trade' }
  | { type: 'aggTrade' }
  | { type: 'kline'; interval: string; period: Period }
  | { type: 'miniTicker' }
  | { type: 'ticker' }
  | { type: 'bookTicker' }
  | { type: 'partialDepth'; levels: 5 | 10 | 20; everyMs: 100 | 1000 }
  | { type: 'diffDepth'; everyMs: 100 | 1000 };

export type Stream =
  | { name: string; symbol: string; kind: StreamKind }
  | { name: string; symbol: null; kind: { type: 'allTickers' } | { type: 'allMiniTickers' } };

/** Binance's kline intervals that are one of our bar periods (the others need REST klines). */
export const STREAM_INTERVALS: Record<string, Period> = {
  '1m': '1min',
  '5m': '5min',
  '30m': '30min',
  '1h': '60min',
  '1d': '1day',
  '1w': '1week',
  '1M': '1mon',
};

function kindOf(rest: string): StreamKind | null {
  switch (rest) {
    case 'trade':
    case 'aggTrade':
    case 'miniTicker':
    case 'ticker':
    case 'bookTicker':
      return { type: rest };
    case 'depth':
      return { type: 'diffDepth', everyMs: 1000 };
    case 'depth@100ms':
      return { type: 'diffDepth', everyMs: 100 };
    case 'depth@1000ms':
      return { type: 'diffDepth', everyMs: 1000 };
  }
  const kline = /^kline_(\w+)$/.exec(rest);
  if (kline) {
    const interval = kline[1]!;
    const period = Object.hasOwn(STREAM_INTERVALS, interval) ? STREAM_INTERVALS[interval] : null;
    return period ? { type: 'kline', interval, period } : null;
  }
  const partial = /^depth(5|10|20)(@100ms|@1000ms)?$/.exec(rest);
  if (partial)
    return {
      type: 'partialDepth',
      levels: Number(partial[1]) as 5 | 10 | 20,
      everyMs: partial[2] === '@100ms' ? 100 : 1000,
    };
  return null;
}

/** The stream a name asks for, or null for a name we do not serve (or a pair we do not list). */
export function parseStream(name: string, listed: (symbol: string) => boolean): Stream | null {
  if (name === '!ticker@arr') return { name, symbol: null, kind: { type: 'allTickers' } };
  if (name === '!miniTicker@arr') return { name, symbol: null, kind: { type: 'allMiniTickers' } };
  const at = name.indexOf('@');
  if (at <= 0) return null;
  const lower = name.slice(0, at);
  if (lower !== lower.toLowerCase()) return null;
  const symbol = lower.toUpperCase();
  if (!listed(symbol)) return null;
  const kind = kindOf(name.slice(at + 1));
  return kind ? { name, symbol, kind } : null;
}
