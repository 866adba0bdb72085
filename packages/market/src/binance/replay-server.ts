import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** Recorded frames of the combined spot stream, one JSON message per line. */
export function loadFixture(name = 'spot-stream.jsonl'): string[] {
  const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '');
}

export interface ReplayServer {
  /** ws://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Request paths of the connections so far. */
  paths: string[];
  /** The params of every SUBSCRIBE request, in order. */
  subscriptions: string[][];
  /** Resolves when the n-th connection (1-based) has subscribed. */
  subscribed(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for the exchange: answers SUBSCRIBE like Binance, then replays the recorded
 * frames of the subscribed streams, continuing where the previous connection stopped. `plan`
 * says how many frames a connection gets and whether it is then cut off (a dropped connection).
 */
export async function startReplayServer(opts: {
  messages: readonly string[];
  plan?: (connection: number) => { frames: number; drop: boolean };
  port?: number;
}): Promise<ReplayServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: opts.port ?? 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as AddressInfo).port;
  const paths: string[] = [];
  const subscriptions: string[][] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  let cursor = 0;

  wss.on('connection', (ws, req) => {
    paths.push(req.url ?? '');
    const connection = paths.length;
    const { frames, drop } = opts.plan?.(connection) ?? { frames: Infinity, drop: false };
    ws.once('message', (raw) => {
      const request = JSON.parse(String(raw)) as { method: string; params: string[]; id: number };
      if (request.method !== 'SUBSCRIBE') return ws.close(1008, 'expected SUBSCRIBE');
      subscriptions.push(request.params);
      ws.send(JSON.stringify({ result: null, id: request.id }));
      waiting.filter((w) => w.n <= subscriptions.length).forEach((w) => w.resolve());
      let sent = 0;
      while (sent < frames && cursor < opts.messages.length) {
        const frame = opts.messages[cursor++] as string;
        const stream = (JSON.parse(frame) as { stream: string }).stream;
        if (!request.params.includes(stream)) continue;
        ws.send(frame);
        sent++;
      }
      if (drop) setTimeout(() => ws.terminate(), 20); // abrupt: no close frame, like a lost link
    });
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    paths,
    subscriptions,
    subscribed: (n) =>
      n <= subscriptions.length
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ n, resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
