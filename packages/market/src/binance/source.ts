import WebSocket from 'ws';
import { findSymbol } from '../symbols.ts';
import type { MarketSource, SourceEvents, SymbolSpec, Tick } from '../types.ts';
import { parseBinanceMessage } from './parse.ts';

/** The public combined-stream endpoint of Binance spot. */
export const BINANCE_STREAM_URL = 'wss://stream.binance.com:9443/stream';

export type BinanceStream = 'trade' | 'kline_1m' | 'ticker';

export interface Backoff {
  /** First reconnect delay; defaults to 500 ms. */
  initialMs?: number;
  /** Ceiling of the delay; defaults to 30 s. */
  maxMs?: number;
  /** Growth per consecutive failure; defaults to 2. */
  factor?: number;
  /** ± fraction of random spread so many clients do not reconnect in step; defaults to 0.2. */
  jitter?: number;
}

export interface BinanceSourceOptions {
  /** Combined-stream endpoint, e.g. BINANCE_STREAM_URL; tests point it at a local server. */
  url: string;
  /** Symbols of the catalogue, e.g. ['BTCUSDT', 'ETHUSDT']. */
  symbols: readonly string[];
  /** Streams subscribed per symbol; defaults to all three. */
  streams?: readonly BinanceStream[];
  backoff?: Backoff;
  /** Reconnect when nothing (not even a ping) arrives for this long; defaults to 60 s. */
  staleMs?: number;
  /** Source of the jitter; defaults to Math.random. */
  random?: () => number;
}

/** The reconnect delay after `failures` consecutive failed or dropped connections (0-based). */
export function backoffDelay(failures: number, b: Backoff = {}, random = Math.random): number {
  const { initialMs = 500, maxMs = 30_000, factor = 2, jitter = 0.2 } = b;
  const base = Math.min(maxMs, initialMs * factor ** failures);
  return Math.round(base * (1 + jitter * (2 * random() - 1)));
}

/**
 * The Binance spot streams as a market source: subscribes on every (re)connect with a SUBSCRIBE
 * request, reports trades as ticks and klines/24h tickers as events, and reconnects with
 * exponential backoff until stopped.
 */
export function createBinanceSource(opts: BinanceSourceOptions): MarketSource {
  const specs: SymbolSpec[] = opts.symbols.map((s) => {
    const spec = findSymbol(s);
    if (!spec) throw new Error(`unknown symbol ${s}`);
    return spec;
  });
  const bySymbol = new Map(specs.map((s) => [s.symbol, s]));
  const kinds = opts.streams ?? ['trade', 'kline_1m', 'ticker'];
  const params = specs.flatMap((s) => kinds.map((k) => `${s.symbol.toLowerCase()}@${k}`));
  const staleMs = opts.staleMs ?? 60_000;
  const random = opts.random ?? Math.random;

  let socket: WebSocket | undefined;
  let running = false;
  let failures = 0;
  let requestId = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = (onTick: (t: Tick) => void, events: SourceEvents) => {
    events.onStatus?.({ state: 'connecting', attempt: failures + 1 });
    const ws = new WebSocket(opts.url);
    socket = ws;
    const alive = () => {
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => ws.terminate(), staleMs);
    };
    ws.on('open', () => {
      alive();
      events.onStatus?.({ state: 'open' });
      ws.send(JSON.stringify({ method: 'SUBSCRIBE', params, id: ++requestId }));
    });
    ws.on('ping', alive);
    ws.on('message', (data, isBinary) => {
      alive();
      failures = 0; // the connection works: the next drop starts the backoff afresh
      if (isBinary) return;
      try {
        const msg = parseBinanceMessage(data.toString(), (s) => bySymbol.get(s));
        if (msg.type === 'trade') onTick(msg.tick);
        else if (msg.type === 'kline') events.onKline?.(msg.kline);
        else if (msg.type === 'ticker') events.onTicker?.(msg.ticker);
      } catch (e) {
        events.onError?.(e instanceof Error ? e : new Error(String(e)));
      }
    });
    ws.on('error', (e) => events.onError?.(e));
    ws.on('close', (code) => {
      clearTimeout(staleTimer);
      if (socket === ws) socket = undefined;
      if (!running) {
        events.onStatus?.({ state: 'closed', code, reconnectInMs: null });
        return;
      }
      const delay = backoffDelay(failures++, opts.backoff, random);
      events.onStatus?.({ state: 'closed', code, reconnectInMs: delay });
      reconnectTimer = setTimeout(() => connect(onTick, events), delay);
    });
  };

  return {
    name: 'binance',
    symbols: () => [...specs],
    start(onTick, events = {}) {
      if (running) return;
      running = true;
      failures = 0;
      connect(onTick, events);
    },
    async stop() {
      running = false;
      clearTimeout(reconnectTimer);
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        // A peer that never answers the close handshake must not hold shutdown for ws's 30 s.
        const force = setTimeout(() => ws.terminate(), 1000);
        ws.once('close', () => {
          clearTimeout(force);
          resolve();
        });
        if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
        else ws.close(1000);
      });
    },
  };
}
