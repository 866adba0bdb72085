import type { RawData, WebSocket } from 'ws';
import type { StreamClient, StreamFeed } from './feed.ts';
import type { Stream } from './names.ts';

/** Binance's limits (web-socket-streams.md, "WebSocket Limits"). */
export const MAX_STREAMS = 1024;
const MESSAGES_PER_SECOND = 5;
/** A client this far behind (bytes queued) is dropped: it would only fall further behind. */
const MAX_QUEUED = 4 * 1024 * 1024;

type Id = number | string | null;

/** Binance's request errors: code 2 for a bad request, 3 for bad JSON. */
const error = (code: number, msg: string, id: Id = null) =>
  JSON.stringify({ error: { code, msg }, id });

/** Request ids as Binance takes them: a 64-bit integer, up to 36 letters and digits, or null. */
function idOf(value: unknown): Id | undefined {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[A-Za-z0-9]{1,36}$/.test(value)) return value;
  return undefined;
}

/**
 * One client of the market streams: a raw (`/stream/ws`) or combined (`/stream/stream`)
 * connection, its streams, and Binance's control requests SUBSCRIBE, UNSUBSCRIBE,
 * LIST_SUBSCRIPTIONS, SET_PROPERTY and GET_PROPERTY ("combined").
 */
export class StreamConnection implements StreamClient {
  combined: boolean;
  readonly streams = new Set<string>();
  /** When the last pong came (the server pings every 20 s; 60 s without a pong ends it). */
  lastPong: number;
  private messages: number[] = [];

  constructor(
    readonly ws: WebSocket,
    private readonly feed: StreamFeed,
    private readonly parse: (name: string) => Stream | null,
    options: { combined: boolean; now: number },
  ) {
    this.combined = options.combined;
    this.lastPong = options.now;
  }

  send(text: string): void {
    if (this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > MAX_QUEUED) return this.ws.terminate();
    this.ws.send(text);
  }

  add(stream: Stream): void {
    if (this.streams.has(stream.name)) return;
    this.streams.add(stream.name);
    this.feed.subscribe(stream, this);
  }

  /** Counts an incoming message (frames and pings alike); false when over Binance's 5 a second. */
  counted(now: number): boolean {
    this.messages = this.messages.filter((t) => now - t < 1000);
    this.messages.push(now);
    if (this.messages.length <= MESSAGES_PER_SECOND) return true;
    this.ws.close(1008, 'Too many messages');
    return false;
  }

  closed(): void {
    for (const name of this.streams) this.feed.unsubscribe(name, this);
    this.streams.clear();
  }

  /** A text frame from the client: one control request. */
  handle(raw: RawData, now: number): void {
    if (!this.counted(now)) return;
    let request: unknown;
    try {
      request = JSON.parse(raw.toString());
    } catch {
      return this.send(error(3, 'Invalid JSON: expected value at line 1 column 1'));
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      return this.send(error(2, 'Invalid request: expected an object'));
    const { method, params, id: rawId } = request as Record<string, unknown>;
    const id = idOf(rawId);
    if (id === undefined)
      return this.send(error(2, 'Invalid request: request ID must be an unsigned integer'));
    if (typeof method !== 'string')
      return this.send(error(2, 'Invalid request: missing field `method`', id));
    const answer = (result: unknown) => this.send(JSON.stringify({ result, id }));
    switch (method) {
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE': {
        const names = Array.isArray(params) ? params : null;
        if (!names || names.some((n) => typeof n !== 'string'))
          return this.send(error(2, 'Invalid request: params must be a list of stream names', id));
        const streams = (names as string[]).map((n) => this.parse(n));
        const bad = streams.findIndex((s) => s === null);
        if (bad >= 0)
          return this.send(error(2, `Invalid request: unknown stream name ${names[bad]}`, id));
        if (method === 'UNSUBSCRIBE') {
          for (const s of streams)
            if (this.streams.delete(s!.name)) this.feed.unsubscribe(s!.name, this);
          return answer(null);
        }
        const fresh = new Set(streams.map((s) => s!.name).filter((n) => !this.streams.has(n)));
        if (this.streams.size + fresh.size > MAX_STREAMS)
          return this.send(error(2, `Invalid request: at most ${MAX_STREAMS} streams`, id));
        for (const s of streams) this.add(s!);
        return answer(null);
      }
      case 'LIST_SUBSCRIPTIONS':
        return answer([...this.streams]);
      case 'SET_PROPERTY': {
        const [name, value] = Array.isArray(params) ? (params as unknown[]) : [];
        if (typeof name !== 'string')
          return this.send(error(2, 'Invalid request: property name must be a string', id));
        if (name !== 'combined') return this.send(error(0, 'Unknown property', id));
        if (typeof value !== 'boolean')
          return this.send(error(1, 'Invalid value type: expected Boolean', id));
        this.combined = value;
        return answer(null);
      }
      case 'GET_PROPERTY': {
        const [name] = Array.isArray(params) ? (params as unknown[]) : [];
        if (typeof name !== 'string')
          return this.send(error(2, 'Invalid request: property name must be a string', id));
        if (name !== 'combined') return this.send(error(0, 'Unknown property', id));
        return answer(this.combined);
      }
      default:
        return this.send(
          error(
            2,
            `Invalid request: unknown variant ${method}, expected one of SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY`,
            id,
          ),
        );
    }
  }
}
