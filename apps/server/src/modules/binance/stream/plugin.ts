import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { StreamConnection } from './connection.ts';
import { StreamFeed } from './feed.ts';
import { openListenKeys, listenKeyOwner } from './listen-keys.ts';
import { parseStream } from './names.ts';
import { UserFeed, type UserSink } from './user-feed.ts';

/** The server pings every 20 s and drops a client that sent no pong for a minute (as Binance). */
const PING_MS = 20_000;
const PONG_WAIT_MS = 60_000;
/** How often open listenKey sockets are checked against their keys' expiry. */
const LISTEN_KEY_CHECK_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Binance-compatible streams of this process (market data and users' events). */
    binanceStreams: BinanceStreams;
  }
}

export interface BinanceStreams {
  feed: StreamFeed;
  users: UserFeed;
  /** Ends the listenKey sockets whose key expired or was deleted (also on a timer). */
  checkListenKeys(): Promise<void>;
}

interface ListenKeySocket {
  ws: WebSocket;
  listenKey: string;
  userId: number;
  sink: UserSink;
}

/**
 * Binance's market streams at /stream: raw `/stream/ws` and `/stream/ws/<name>` (one stream, or
 * a user data stream's listenKey), combined `/stream/stream?streams=a/b` wrapping each event as
 * `{stream, data}`. Registered on the app itself, beside /ws (@fastify/websocket, ws/socket.ts).
 */
export function binanceStreams(app: FastifyInstance): BinanceStreams {
  const feed = new StreamFeed({
    db: app.db,
    clock: app.clock,
    hub: app.hub,
    spot: app.spot,
    market: app.market,
  });
  const users = new UserFeed({ db: app.db, clock: app.clock, hub: app.hub, spot: app.spot });
  const listed = (symbol: string) => app.spot.pairs.get(symbol)?.enabled === true;
  const parse = (name: string) => parseStream(name, listed);
  const connections = new Set<StreamConnection>();
  const listening = new Set<ListenKeySocket>();
  const now = () => app.clock.now().getTime();

  async function checkListenKeys(): Promise<void> {
    const open = await openListenKeys(
      app,
      [...listening].map((l) => l.listenKey),
    );
    for (const l of listening) {
      if (open.has(l.listenKey)) continue;
      l.ws.send(JSON.stringify({ e: 'listenKeyExpired', E: now(), listenKey: l.listenKey }));
      l.ws.close(1000, 'listenKey expired');
    }
  }

  // Real time for the pings (a client's network, not the business clock).
  const pinger = setInterval(() => {
    const t = Date.now();
    for (const c of connections) {
      if (t - c.lastPong > PONG_WAIT_MS) c.ws.terminate();
      else c.ws.ping();
    }
  }, PING_MS);
  pinger.unref();
  const checker = setInterval(() => {
    checkListenKeys().catch((err: unknown) => app.log.error({ err }, 'listenKey check failed'));
  }, LISTEN_KEY_CHECK_MS);
  checker.unref();

  function open(ws: WebSocket, combined: boolean, streams: string[]): StreamConnection {
    const c = new StreamConnection(ws, feed, parse, { combined, now: Date.now() });
    connections.add(c);
    ws.on('pong', () => (c.lastPong = Date.now()));
    ws.on('ping', () => c.counted(Date.now()));
    ws.on('message', (raw, isBinary) => {
      if (!isBinary) c.handle(raw, Date.now());
    });
    ws.on('close', () => {
      connections.delete(c);
      c.closed();
    });
    for (const name of streams) {
      const stream = parse(name);
      if (stream) c.add(stream);
    }
    return c;
  }

  /** `/stream/ws/<listenKey>`: the user's events, raw, until the key expires or is deleted. */
  function userStream(ws: WebSocket, listenKey: string, userId: number): void {
    const entry: ListenKeySocket = {
      ws,
      listenKey,
      userId,
      sink: { event: (event) => ws.readyState === 1 && ws.send(JSON.stringify(event)) },
    };
    listening.add(entry);
    const c = open(ws, false, []);
    c.lastPong = Date.now();
    ws.on('close', () => {
      listening.delete(entry);
      users.unsubscribe(userId, entry.sink);
    });
    void users.subscribe(userId, entry.sink);
  }

  app.get('/stream/ws', { websocket: true }, (ws: WebSocket) => void open(ws, false, []));
  app.get('/stream/stream', { websocket: true }, (ws: WebSocket, request) => {
    const { streams } = request.query as { streams?: string };
    const names = typeof streams === 'string' && streams ? streams.split('/') : [];
    if (names.some((n) => parse(n) === null)) return ws.close(1008, 'Invalid stream name');
    open(ws, true, names);
  });
  app.get('/stream/ws/*', { websocket: true }, (ws: WebSocket, request) => {
    const name = (request.params as { '*': string })['*'];
    if (parse(name) || name.includes('@') || !/^[A-Za-z0-9]{60}$/.test(name))
      return void open(ws, false, [name]); // a stream, or a name that is none (ccxt's "/ws/0")
    listenKeyOwner(app, name)
      .then((owner) => {
        if (!owner) return ws.close(1008, 'Invalid listenKey');
        userStream(ws, name, owner.userId);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'listenKey lookup failed');
        ws.close(1011, 'listenKey lookup failed');
      });
  });

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(checker);
    const E = now();
    for (const c of connections) {
      const event = { e: 'serverShutdown', E };
      c.send(JSON.stringify(c.combined ? { stream: '!serverShutdown', data: event } : event));
    }
    feed.close();
    users.close();
  });
  return { feed, users, checkListenKeys };
}
