import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { App } from '../app.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Frame = Record<string, any>;

/** A socket client for tests: frames queue up and are taken in order with `next()`. */
export class TestClient {
  readonly frames: Frame[] = [];
  private waiters: ((frame: Frame) => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;
  /** The TCP socket under the connection (the upgrade response's), to pause reading. */
  tcp: Socket | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.frames.push(frame);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const ws = new WebSocket(url, { headers });
    const client = new TestClient(ws);
    ws.once('upgrade', (response) => (client.tcp = response.socket));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (waits up to `ms`). */
  next(ms = 2000): Promise<Frame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no frame arrived')), ms);
      this.waiters.push((frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
  }

  /** Sends `frame` and returns the next frame (its answer). */
  async ask(frame: unknown): Promise<Frame> {
    this.send(frame);
    return this.next();
  }

  close(): void {
    this.ws.close();
  }
}

/** Starts the app on a free loopback port and returns the socket url. */
export async function listen(app: App, query = ''): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/ws${query}`;
}
