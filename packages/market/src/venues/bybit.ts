import type { SymbolSpec, Tick } from '../types.ts';
import { createFeed } from './feed.ts';
import type { VenueOptions } from './okx.ts';

/** Bybit v5 public spot stream. */
export const BYBIT_SPOT_URL = 'wss://stream.bybit.com/v5/public/spot';

/**
 * One frame of `tickers.<SYMBOL>`: `{"topic":"tickers.BTCUSDT","ts":1673853746003,
 * "type":"snapshot","cs":...,"data":{"symbol":"BTCUSDT","lastPrice":"21109.77",...}}`;
 * `{"success":true,"op":"subscribe"|"ping",...}` answers carry no price.
 */
export function parseBybitMessage(
  text: string,
  bySymbol: (symbol: string) => SymbolSpec | undefined,
): Tick[] {
  const msg = JSON.parse(text) as {
    op?: unknown;
    success?: unknown;
    topic?: unknown;
    ts?: unknown;
    data?: { symbol?: unknown; lastPrice?: unknown };
  };
  if (msg.op !== undefined) {
    if (msg.success === false) throw new Error(`bybit: ${text}`);
    return [];
  }
  if (typeof msg.topic !== 'string' || !msg.topic.startsWith('tickers.')) return [];
  const data = msg.data;
  const spec = typeof data?.symbol === 'string' ? bySymbol(data.symbol) : undefined;
  if (!spec || typeof data?.lastPrice !== 'string' || typeof msg.ts !== 'number') return [];
  return [{ symbol: spec.symbol, time: msg.ts, price: data.lastPrice, volume: '0' }];
}

/** Bybit asks for `{"op":"ping"}` every 20 s. */
export function createBybitSource(opts: VenueOptions) {
  return createFeed({
    ...opts,
    name: 'bybit',
    venueSymbol: (s) => s.symbol,
    // Bybit spot takes at most 10 args per subscribe request.
    subscribe: (specs) => {
      const topics = specs.map((s) => `tickers.${s.symbol}`);
      const requests: string[] = [];
      for (let i = 0; i < topics.length; i += 10)
        requests.push(JSON.stringify({ op: 'subscribe', args: topics.slice(i, i + 10) }));
      return requests;
    },
    parse: parseBybitMessage,
    ping: { message: JSON.stringify({ op: 'ping' }), everyMs: opts.pingMs ?? 20_000 },
  });
}
