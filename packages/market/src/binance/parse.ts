import { Dec } from '../decimal.ts';
import type { KlineEvent, Period, Precision, Tick, Ticker24h } from '../types.ts';

/** What one message of the combined spot stream means to us. */
export type BinanceMessage =
  | { type: 'trade'; tick: Tick }
  | { type: 'kline'; kline: KlineEvent }
  | { type: 'ticker'; ticker: Ticker24h }
  /** The answer to a SUBSCRIBE/UNSUBSCRIBE request. */
  | { type: 'result'; id: number }
  /** A well-formed message we have no use for (another event type or symbol). */
  | { type: 'ignored' };

const INTERVALS: Record<string, Period> = {
  '1m': '1min',
  '5m': '5min',
  '30m': '30min',
  '1h': '60min',
  '1d': '1day',
  '1w': '1week',
  '1M': '1mon',
};

type Json = Record<string, unknown>;
const DECIMAL = /^-?\d+(\.\d+)?$/;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(o: Json, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw new Error(`field ${key}: not an integer`);
  return v;
}

function str(o: Json, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new Error(`field ${key}: not a string`);
  return v;
}

/** A decimal string field re-formatted at `decimals` ("64213.52000000" → "64213.52"), or trimmed. */
function dec(o: Json, key: string, decimals?: number): string {
  const v = str(o, key);
  if (!DECIMAL.test(v)) throw new Error(`field ${key}: not a decimal: ${v}`);
  return decimals === undefined ? new Dec(v).toFixed() : new Dec(v).toFixed(decimals);
}

/**
 * Parses one text frame of the public spot streams (combined `{stream, data}` or raw): trade,
 * kline and 24hrTicker events. Throws on malformed frames. `precisionOf` returns undefined for
 * symbols we do not quote, whose events are ignored.
 */
export function parseBinanceMessage(
  text: string,
  precisionOf: (symbol: string) => Precision | undefined,
): BinanceMessage {
  const msg: unknown = JSON.parse(text);
  if (!isObject(msg)) throw new Error('message is not an object');
  if ('result' in msg && 'id' in msg) return { type: 'result', id: num(msg, 'id') };
  const data = isObject(msg.data) ? msg.data : msg;
  const event = data.e;
  if (event !== 'trade' && event !== 'kline' && event !== '24hrTicker') return { type: 'ignored' };
  const symbol = str(data, 's');
  const p = precisionOf(symbol);
  if (!p) return { type: 'ignored' };
  const { pricePrecision: pp, amountPrecision: ap } = p;

  if (event === 'trade') {
    return {
      type: 'trade',
      tick: { symbol, time: num(data, 'T'), price: dec(data, 'p', pp), volume: dec(data, 'q', ap) },
    };
  }
  if (event === 'kline') {
    const k = data.k;
    if (!isObject(k)) throw new Error('field k: not an object');
    const period = INTERVALS[str(k, 'i')];
    if (!period) return { type: 'ignored' };
    if (typeof k.x !== 'boolean') throw new Error('field x: not a boolean');
    const bar = {
      time: num(k, 't'),
      open: dec(k, 'o', pp),
      high: dec(k, 'h', pp),
      low: dec(k, 'l', pp),
      close: dec(k, 'c', pp),
      volume: dec(k, 'v', ap),
    };
    return { type: 'kline', kline: { symbol, period, bar, closed: k.x } };
  }
  return {
    type: 'ticker',
    ticker: {
      symbol,
      time: num(data, 'E'),
      price: dec(data, 'c', pp),
      open: dec(data, 'o', pp),
      high: dec(data, 'h', pp),
      low: dec(data, 'l', pp),
      volume: dec(data, 'v', ap),
      quoteVolume: dec(data, 'q'),
      change: dec(data, 'p', pp),
      changePercent: dec(data, 'P', 2),
    },
  };
}
