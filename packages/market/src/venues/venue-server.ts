import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Venue } from './create.ts';

/**
 * A local stand-in for a venue's public stream (tests): answers its subscribe request and ping
 * as the venue documents, and pushes a price for a catalogue pair in the venue's own frame.
 */
export interface VenueServer {
  url: string;
  venue: Venue;
  /** Subscribe requests received (parsed JSON), in order. */
  subscriptions: unknown[];
  /** Pings received. */
  pings: number;
  /** Resolves once `n` connections have subscribed. */
  subscribed(n: number): Promise<void>;
  /** Sends a price for e.g. 'BTC'/'USDT' to every subscribed client. */
  push(base: string, quote: string, price: string, time?: number): void;
  /** Cuts every connection without a close frame (a lost link). */
  drop(): void;
  close(): Promise<void>;
}

/** The venue's frame for one price (from each venue's documented examples). */
export function venueFrame(venue: Venue, base: string, quote: string, price: string, time: number) {
  if (venue === 'okx') {
    const instId = `${base}-${quote}`;
    return JSON.stringify({
      arg: { channel: 'tickers', instId },
      data: [
        {
          instType: 'SPOT',
          instId,
          last: price,
          lastSz: '0.1',
          askPx: price,
          askSz: '1',
          bidPx: price,
          bidSz: '1',
          open24h: price,
          high24h: price,
          low24h: price,
          volCcy24h: '0',
          vol24h: '0',
          sodUtc0: price,
          sodUtc8: price,
          ts: String(time),
        },
      ],
    });
  }
  const symbol = `${base}${quote}`;
  if (venue === 'bybit') {
    return JSON.stringify({
      topic: `tickers.${symbol}`,
      ts: time,
      type: 'snapshot',
      cs: 1,
      data: {
        symbol,
        lastPrice: price,
        highPrice24h: price,
        lowPrice24h: price,
        prevPrice24h: price,
        volume24h: '0',
        turnover24h: '0',
        price24hPcnt: '0',
        usdIndexPrice: price,
      },
    });
  }
  const s = symbol.toLowerCase();
  return JSON.stringify({
    stream: `${s}@trade`,
    data: {
      e: 'trade',
      E: time,
      s: symbol,
      t: time,
      p: price,
      q: '0.1',
      T: time,
      m: false,
      M: true,
    },
  });
}

function answer(venue: Venue, text: string, ws: WebSocket, server: VenueServer): boolean {
  if (venue === 'okx') {
    if (text === 'ping') {
      server.pings++;
      ws.send('pong');
      return false;
    }
    const req = JSON.parse(text) as { op: string; args: unknown[] };
    for (const arg of req.args) ws.send(JSON.stringify({ event: 'subscribe', arg, connId: 'a1' }));
    server.subscriptions.push(req);
    return true;
  }
  const req = JSON.parse(text) as { op?: string; method?: string; id?: number; req_id?: string };
  if (venue === 'bybit') {
    if (req.op === 'ping') server.pings++;
    else server.subscriptions.push(req);
    ws.send(
      JSON.stringify({
        success: true,
        ret_msg: req.op === 'ping' ? 'pong' : '',
        conn_id: 'c1',
        op: req.op,
      }),
    );
    return req.op === 'subscribe';
  }
  server.subscriptions.push(req);
  ws.send(JSON.stringify({ result: null, id: req.id }));
  return true;
}

export async function startVenueServer(venue: Venue): Promise<VenueServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as AddressInfo).port;
  const live = new Set<WebSocket>();
  const waiting: { n: number; resolve: () => void }[] = [];
  let connections = 0;
  const server: VenueServer = {
    url: `ws://127.0.0.1:${port}`,
    venue,
    subscriptions: [],
    pings: 0,
    subscribed: (n) =>
      n <= connections ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
    push(base, quote, price, time = Date.now()) {
      const frame = venueFrame(venue, base, quote, price, time);
      for (const ws of live) ws.send(frame);
    },
    drop() {
      for (const ws of wss.clients) ws.terminate();
      live.clear();
    },
    close: () =>
      new Promise((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (ws) => {
    let counted = false;
    ws.on('message', (raw) => {
      if (!answer(venue, String(raw), ws, server) || counted) return;
      counted = true;
      live.add(ws);
      connections++;
      waiting.filter((w) => w.n <= connections).forEach((w) => w.resolve());
    });
    ws.on('close', () => live.delete(ws));
  });
  return server;
}
