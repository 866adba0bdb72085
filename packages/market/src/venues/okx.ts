import type { SymbolSpec, Tick } from '../types.ts';
import { createFeed, type FeedOptions } from './feed.ts';

/** OKX v5 public WebSocket (the `tickers` channel is public: no login). */
export const OKX_PUBLIC_URL = 'wss://ws.okx.com:8443/ws/v5/public';

interface OkxTicker {
  instId?: unknown;
  last?: unknown;
  lastSz?: unknown;
  ts?: unknown;
}

/**
 * One frame of the `tickers` channel: `{"arg":{"channel":"tickers","instId":"BTC-USDT"},
 * "data":[{"instId":"BTC-USDT","last":"...","lastSz":"...","ts":"1597026383085",...}]}`;
 * subscribe acknowledgements (`{"event":"subscribe",...}`) and "pong" carry no price.
 */
export function parseOkxMessage(
  text: string,
  bySymbol: (instId: string) => SymbolSpec | undefined,
): Tick[] {
  if (text === 'pong') return [];
  const msg = JSON.parse(text) as { event?: unknown; arg?: { channel?: unknown }; data?: unknown };
  if (msg.event === 'error') throw new Error(`okx: ${text}`);
  if (msg.event !== undefined || msg.arg?.channel !== 'tickers') return [];
  if (!Array.isArray(msg.data)) throw new Error('okx: tickers frame without data');
  return (msg.data as OkxTicker[]).flatMap((t) => {
    const spec = typeof t.instId === 'string' ? bySymbol(t.instId) : undefined;
    if (!spec || typeof t.last !== 'string' || typeof t.ts !== 'string') return [];
    const volume = typeof t.lastSz === 'string' ? t.lastSz : '0';
    return [{ symbol: spec.symbol, time: Number(t.ts), price: t.last, volume }];
  });
}

type VenueOptions = Pick<FeedOptions, 'url' | 'symbols' | 'backoff' | 'silentMs' | 'random'> & {
  pingMs?: number;
};

/** OKX closes a connection quiet for 30 s: "ping" every 20 s keeps it ("pong" answers). */
export function createOkxSource(opts: VenueOptions) {
  return createFeed({
    ...opts,
    name: 'okx',
    venueSymbol: (s) => `${s.base}-${s.quote}`,
    subscribe: (specs) => [
      JSON.stringify({
        op: 'subscribe',
        args: specs.map((s) => ({ channel: 'tickers', instId: `${s.base}-${s.quote}` })),
      }),
    ],
    parse: parseOkxMessage,
    ping: { message: 'ping', everyMs: opts.pingMs ?? 20_000 },
  });
}

export type { VenueOptions };
