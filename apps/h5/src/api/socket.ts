import { notifyManager } from '@tanstack/react-query';
import { currentLocale } from '../i18n/index.ts';
import { sessionStore } from './session-store.ts';

/**
 * The app's one connection to the live socket `/ws` (api-contract "Live socket").
 *
 *   marketSocket.subscribe(ch, { onMessage, onGap })  → unsubscribe()
 *
 * Channels are reference counted: the first subscriber sends `sub`, the last one to leave sends
 * `unsub`. The socket opens with the first channel and closes a while after the last one left.
 * A lost connection comes back after an exponential, jittered delay and subscribes every channel
 * again. Each server message carries a per-channel `seq`; a jump means messages were missed and
 * the channel's `onGap` callbacks run (they refetch the data over HTTP); they run for every channel
 * when the socket comes back after a loss, as anything may have changed meanwhile. Pings go out every 20 s;
 * a connection that has been silent for two of them is treated as dead. When a session starts the
 * socket authenticates with its token; when it ends, the socket reconnects as a visitor. When the
 * server ends it (logout elsewhere, revoked: close code 4002), the socket comes back as a visitor
 * and never offers that token again; the refetch that follows gets the 401 that logs the app out.
 */

export interface ChannelListener<T = unknown> {
  onMessage: (data: T, seq: number) => void;
  /** Messages of this channel were missed (or the socket came back): refetch. */
  onGap?: () => void;
}

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

export const PING_MS = 20_000;
const DEAD_MS = 2 * PING_MS + 5_000;
const IDLE_CLOSE_MS = 30_000;
/** The server closes with this when the session the socket signed in with ended. */
export const SESSION_ENDED_CLOSE_CODE = 4002;

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling to 30 s, ±50 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.5 + random()));
}

export type SeqVerdict = 'first' | 'next' | 'gap' | 'duplicate' | 'reset';

/**
 * The last `seq` seen per channel. A message right after the last is 'next'; a jump forward is a
 * 'gap' (something was missed); the same seq again is a 'duplicate' (a replay on resubscribe);
 * a smaller one means the server restarted its counters ('reset', refetch too).
 */
export class SeqTracker {
  private readonly last = new Map<string, number>();

  check(ch: string, seq: number): SeqVerdict {
    const last = this.last.get(ch);
    if (seq !== last) this.last.set(ch, seq);
    if (last === undefined) return 'first';
    if (seq === last + 1) return 'next';
    if (seq === last) return 'duplicate';
    return seq > last ? 'gap' : 'reset';
  }

  forget(ch: string): void {
    this.last.delete(ch);
  }
}

/** Subscribers per channel; `add` is true for the first and `remove` for the last. */
export class ChannelRefs<L> {
  private readonly byChannel = new Map<string, Set<L>>();

  add(ch: string, listener: L): boolean {
    let set = this.byChannel.get(ch);
    const first = !set;
    if (!set) this.byChannel.set(ch, (set = new Set()));
    set.add(listener);
    return first;
  }

  remove(ch: string, listener: L): boolean {
    const set = this.byChannel.get(ch);
    if (!set || !set.delete(listener)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(ch);
    return true;
  }

  listeners(ch: string): readonly L[] {
    return [...(this.byChannel.get(ch) ?? [])];
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  get size(): number {
    return this.byChannel.size;
  }
}

/** What the manager needs of a WebSocket (the browser's fits; tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  // The manager only assigns these (its handlers ignore the event or read `data`).
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketDeps {
  url: () => string;
  create: (url: string) => SocketLike;
  token: () => string | null;
  random?: () => number;
  /**
   * When given, channel messages are queued and handed out together when `schedule` runs its
   * callback (the app: the next frame), inside `batch`: a burst of messages (a tick's book,
   * trades and quotes) then makes one render instead of one each. Without it, at once.
   */
  schedule?: (flush: () => void) => void;
  batch?: (run: () => void) => void;
}

const OPEN = 1;

export class SocketManager {
  private socket: SocketLike | null = null;
  private readonly refs = new ChannelRefs<ChannelListener>();
  private readonly seqs = new SeqTracker();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private authedWith: string | null = null;
  /** The token whose session the server ended: not sent again. */
  private endedToken: string | null = null;
  /** The connection was lost (not closed on purpose): the next open refetches every channel. */
  private dropped = false;
  private readonly statusListeners = new Set<() => void>();
  /** Messages waiting for the next scheduled delivery (deps.schedule). */
  private queued: { ch: string; data: unknown; seq: number }[] = [];
  status: SocketStatus = 'idle';

  constructor(private readonly deps: SocketDeps) {}

  subscribe<T>(ch: string, listener: ChannelListener<T>): () => void {
    const l = listener as ChannelListener;
    if (this.refs.add(ch, l)) this.send({ op: 'sub', ch });
    clearTimeout(this.idleTimer);
    this.ensureOpen();
    return () => {
      if (!this.refs.remove(ch, l)) return;
      this.send({ op: 'unsub', ch });
      this.seqs.forget(ch);
      if (this.refs.size === 0) {
        this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
      }
    };
  }

  /** The session changed: authenticate with the new token, or start over as a visitor. */
  sessionChanged(): void {
    const token = this.deps.token();
    if (token === this.authedWith || !this.socket) return;
    if (token) this.authenticate(token);
    else this.restart();
  }

  /** The network is back (the browser says so): reconnect now instead of after the backoff. */
  reconnectNow(): void {
    if (this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempt = 0;
    this.ensureOpen();
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Closes for good (until the next subscribe). */
  close(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.dropped = false;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
    }
    this.setStatus('idle');
  }

  private restart(): void {
    this.close();
    this.attempt = 0;
    this.ensureOpen();
  }

  private ensureOpen(): void {
    if (this.socket || this.reconnectTimer !== undefined || this.refs.size === 0) return;
    this.setStatus('connecting');
    this.authedWith = null;
    const socket = this.deps.create(this.deps.url());
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastHeard = Date.now();
      const back = this.dropped;
      this.dropped = false;
      this.setStatus('open');
      const token = this.deps.token();
      if (token && token !== this.endedToken) this.authenticate(token);
      for (const ch of this.refs.channels()) {
        this.send({ op: 'sub', ch });
        if (!back) continue;
        // Refetched now, so the first message after the outage starts the count afresh.
        this.seqs.forget(ch);
        for (const l of this.refs.listeners(ch)) l.onGap?.();
      }
      this.startPing();
    };
    socket.onmessage = (event: { data: unknown }) => this.receive(event.data);
    socket.onerror = () => {};
    socket.onclose = (event: { code?: number }) => {
      if (event.code === SESSION_ENDED_CLOSE_CODE) this.endedToken = this.authedWith;
      this.lost();
    };
  }

  private lost(): void {
    this.stopPing();
    this.socket = null;
    this.dropped = true;
    this.setStatus('closed');
    if (this.refs.size === 0) return;
    const delay = backoffDelay(this.attempt++, this.deps.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureOpen();
    }, delay);
  }

  private authenticate(token: string): void {
    this.authedWith = token;
    this.send({ op: 'auth', token });
  }

  private receive(raw: unknown): void {
    this.lastHeard = Date.now();
    let frame: { ch?: unknown; seq?: unknown; data?: unknown; op?: unknown };
    try {
      frame = JSON.parse(String(raw)) as typeof frame;
    } catch {
      return;
    }
    // Control frames ({"op":"pong"}, {"op":"subbed","ch"}) carry no channel data.
    if (typeof frame.ch !== 'string' || frame.op !== undefined) return;
    const listeners = this.refs.listeners(frame.ch);
    if (listeners.length === 0) return;
    if (typeof frame.seq === 'number') {
      const verdict = this.seqs.check(frame.ch, frame.seq);
      if (verdict === 'duplicate') return;
      if (verdict === 'gap' || verdict === 'reset') {
        for (const l of listeners) l.onGap?.();
      }
    }
    if (!this.deps.schedule) {
      for (const l of listeners) l.onMessage(frame.data, Number(frame.seq));
      return;
    }
    if (this.queued.length === 0) this.deps.schedule(() => this.deliver());
    this.queued.push({ ch: frame.ch, data: frame.data, seq: Number(frame.seq) });
  }

  /** Hands out the queued messages, in order, to whoever listens to their channel now. */
  private deliver(): void {
    const queued = this.queued;
    this.queued = [];
    const run = () => {
      for (const { ch, data, seq } of queued) {
        for (const l of this.refs.listeners(ch)) l.onMessage(data, seq);
      }
    };
    if (this.deps.batch) this.deps.batch(run);
    else run();
  }

  private send(frame: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > DEAD_MS) {
        // Silent too long: drop it and reconnect.
        const socket = this.socket;
        if (socket) {
          socket.onclose = null;
          socket.close(4000);
        }
        this.lost();
        return;
      }
      this.send({ op: 'ping' });
    }, PING_MS);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  const scheme = protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${host}/ws?lang=${encodeURIComponent(currentLocale())}`;
}

/** The next frame, or a moment when frames do not come (a hidden tab). */
function nextFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, 100);
}

/** The app's socket: a frame's messages update the caches in one batch (one render). */
export const marketSocket = new SocketManager({
  url: socketUrl,
  create: (url) => new WebSocket(url),
  token: () => sessionStore.token(),
  schedule: nextFrame,
  batch: (run) => notifyManager.batch(run),
});

sessionStore.subscribe(() => marketSocket.sessionChanged());
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => marketSocket.reconnectNow());
}
