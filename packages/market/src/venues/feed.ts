import WebSocket from 'ws';
import { backoffDelay, type Backoff } from '../binance/source.ts';
import { findSymbol } from '../symbols.ts';
import type { MarketSource, SourceEvents, SymbolSpec, Tick } from '../types.ts';

export interface FeedOptions {
  name: MarketSource['name'];
  url: string;
  /** Catalogue symbols, e.g. ['BTCUSDT']; only spot pairs have a venue price. */
  symbols: readonly string[];
  /** The venue's subscribe request(s) for these symbols, sent on every (re)connect. */
  subscribe: (specs: readonly SymbolSpec[]) => string[];
  /** Ticks in one frame; [] for acknowledgements and pongs; throws on a malformed frame. */
  parse: (text: string, bySymbol: (venueSymbol: string) => SymbolSpec | undefined) => Tick[];
  /** The venue's own symbol for a catalogue pair (OKX: BTC-USDT). */
  venueSymbol: (spec: SymbolSpec) => string;
  /** An application-level ping the venue asks for, and how often. */
  ping?: { message: string; everyMs: number };
  backoff?: Backoff;
  /** Watchdog: reconnect when nothing arrives for this long (a silent socket). */
  silentMs?: number;
  random?: () => number;
}

/**
 * A public WebSocket price stream as a market source: subscribes on every (re)connect, pings as
 * the venue asks, reconnects with exponential backoff, and drops a socket that stays silent.
 */
export function createFeed(opts: FeedOptions): MarketSource {
  const specs = opts.symbols.map((s) => findSymbol(s)).filter((s) => s?.kind === 'spot');
  const spot = specs.filter((s): s is SymbolSpec => s !== undefined);
  const byVenue = new Map(spot.map((s) => [opts.venueSymbol(s), s]));
  const silentMs = opts.silentMs ?? 30_000;
  let socket: WebSocket | undefined;
  let running = false;
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = (onTick: (t: Tick) => void, events: SourceEvents) => {
    events.onStatus?.({ state: 'connecting', attempt: failures + 1 });
    const ws = new WebSocket(opts.url);
    socket = ws;
    let silent: ReturnType<typeof setTimeout> | undefined;
    let pinger: ReturnType<typeof setInterval> | undefined;
    const alive = () => {
      clearTimeout(silent);
      silent = setTimeout(() => ws.terminate(), silentMs);
    };
    ws.on('open', () => {
      alive();
      events.onStatus?.({ state: 'open' });
      for (const request of opts.subscribe(spot)) ws.send(request);
      const ping = opts.ping;
      if (ping) pinger = setInterval(() => ws.send(ping.message), ping.everyMs);
    });
    ws.on('ping', alive);
    ws.on('message', (data, isBinary) => {
      alive();
      if (isBinary) return;
      try {
        const ticks = opts.parse(data.toString(), (s) => byVenue.get(s));
        if (ticks.length > 0) failures = 0; // prices flow: the next drop starts the backoff afresh
        for (const tick of ticks) onTick(tick);
      } catch (e) {
        events.onError?.(e instanceof Error ? e : new Error(String(e)));
      }
    });
    ws.on('error', (e) => events.onError?.(e));
    ws.on('close', (code) => {
      clearTimeout(silent);
      clearInterval(pinger);
      if (socket === ws) socket = undefined;
      if (!running) {
        events.onStatus?.({ state: 'closed', code, reconnectInMs: null });
        return;
      }
      const delay = backoffDelay(failures++, opts.backoff, opts.random);
      events.onStatus?.({ state: 'closed', code, reconnectInMs: delay });
      reconnectTimer = setTimeout(() => connect(onTick, events), delay);
    });
  };

  return {
    name: opts.name,
    symbols: () => [...spot],
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
