import type { Clock } from '../lib/clock.ts';

/** What the hub needs of a socket (socket.ts adapts `ws`'s WebSocket). */
export interface HubSocket {
  /** Bytes written but not yet sent. */
  readonly bufferedAmount: number;
  readonly readyState: number;
  /** Writes a complete WebSocket frame (see textFrame): built once, sent to every subscriber. */
  sendFrame(frame: Buffer): void;
  /** Sends one text message (framed by the socket). */
  sendText(text: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/**
 * An unmasked, final WebSocket text frame (RFC 6455 §5.2) around `payload`: what a server
 * sends. Building it once per message instead of once per subscriber is what makes fan-out cheap.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN + text
  if (head === 2) frame[1] = n;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** The payload of a frame made by textFrame. */
export function payloadOf(frame: Buffer): Buffer {
  const len = (frame[1] as number) & 0x7f;
  return frame.subarray(len < 126 ? 2 : len === 126 ? 4 : 10);
}

/** What the hub needs of the bus between processes (ws/cluster.ts). */
export interface ClusterLink {
  /** Sends to every process's subscribers; answers 0 (each process numbers its own). */
  publish(ch: string, userId: number | null, json: string): number;
  /** Somebody on another process listens to this channel. */
  listened(ch: string): boolean;
  interestChanged(): void;
}

export interface HubOptions {
  clock: Clock;
  /** Bytes queued on a socket above which its messages are held back and conflated. */
  highWaterBytes?: number;
  /** A client that sends nothing (not even a ping) for this long is closed. */
  idleMs?: number;
  /** A client that stays behind (messages held back) this long is dropped. */
  stallMs?: number;
  /** How often idle and stalled clients are looked for (a real timer; times come from clock). */
  sweepMs?: number;
  /** How often held-back messages are retried. */
  drainMs?: number;
}

const OPEN = 1;
export const IDLE_CLOSE_CODE = 4000;
export const STALL_CLOSE_CODE = 4001;
/** The session the socket authenticated with ended (logout, revoked, disabled, expired). */
export const SESSION_ENDED_CLOSE_CODE = 4002;

interface Channel {
  seq: number;
  subscribers: Set<Connection>;
  /** The last frame, replayed to a new subscriber of a state channel (quotes, bars, depth). */
  last: Buffer | null;
}

/**
 * One client. Frames go straight to the socket while it keeps up; once more than the high-water
 * mark is queued, only the newest frame per channel is held (older ones are dropped: the client
 * sees a seq gap and refetches) until the socket drains. One slow client never queues without
 * bound and never delays the others.
 */
export class Connection {
  /** Channel keys subscribed (private channels keyed per user, see Hub.key). */
  readonly keys = new Set<string>();
  userId: number | null = null;
  /** The user's session behind `userId` (sessions.id): when it ends, so does the connection. */
  sessionId: number | null = null;
  /** The operator's role after `auth_admin` (operator channels need it). */
  adminRole: string | null = null;
  /** The operator's session behind `adminRole` (admin_sessions.id). */
  adminSessionId: number | null = null;
  lastSeen: number;
  /** Since when messages have been held back; null while the client keeps up. */
  behindSince: number | null = null;
  private readonly held = new Map<string, Buffer>();
  dropped = 0;

  constructor(
    readonly socket: HubSocket,
    private readonly hub: Hub,
  ) {
    this.lastSeen = hub.now();
  }

  deliver(key: string, frame: Buffer): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.held.size === 0 && this.socket.bufferedAmount < this.hub.highWaterBytes) {
      this.socket.sendFrame(frame);
      return;
    }
    if (this.held.has(key)) this.dropped++;
    this.held.set(key, frame);
    if (this.behindSince === null) {
      this.behindSince = this.hub.now();
      this.hub.behind(this);
    }
  }

  /** Sends held frames while the socket has room; true when nothing is held any more. */
  drain(): boolean {
    if (this.socket.readyState !== OPEN) return true;
    for (const [key, frame] of this.held) {
      if (this.socket.bufferedAmount >= this.hub.highWaterBytes) return false;
      this.socket.sendFrame(frame);
      this.held.delete(key);
    }
    this.behindSince = null;
    return true;
  }

  /** A frame for this client only (acks, pong, errors): never conflated or dropped. */
  reply(payload: object): void {
    if (this.socket.readyState !== OPEN) return;
    this.socket.sendText(JSON.stringify(payload));
  }

  touch(): void {
    this.lastSeen = this.hub.now();
  }
}

/**
 * Channels, their sequence numbers and subscribers. `publish(ch, data)` sends `{ch, seq, data}`
 * to every subscriber of a public channel; `publishToUser(userId, ch, data)` to the connections
 * of one user subscribed to a private channel. `seq` counts per channel (per user for private
 * ones) from 1, for everyone alike: a subscriber sees a gap only if it missed a message.
 */
export class Hub {
  readonly highWaterBytes: number;
  private readonly idleMs: number;
  private readonly stallMs: number;
  private readonly drainMs: number;
  private readonly channels = new Map<string, Channel>();
  private readonly connections = new Set<Connection>();
  private readonly lagging = new Set<Connection>();
  private drainTimer: ReturnType<typeof setInterval> | undefined;
  private readonly sweepTimer: ReturnType<typeof setInterval>;
  private cluster: ClusterLink | null = null;
  /** Messages handed to sockets since the start (one per subscriber reached). */
  private sent = 0;

  constructor(private readonly options: HubOptions) {
    this.highWaterBytes = options.highWaterBytes ?? 256 * 1024;
    this.idleMs = options.idleMs ?? 60_000;
    this.stallMs = options.stallMs ?? 60_000;
    this.drainMs = options.drainMs ?? 25;
    this.sweepTimer = setInterval(() => this.sweep(), options.sweepMs ?? 5_000);
    this.sweepTimer.unref();
  }

  now(): number {
    return this.options.clock.now().getTime();
  }

  /** The internal key of a channel: private channels are one per user. */
  static key(ch: string, userId: number | null = null): string {
    return userId === null ? ch : `${ch}#${userId}`;
  }

  attach(socket: HubSocket): Connection {
    const connection = new Connection(socket, this);
    this.connections.add(connection);
    return connection;
  }

  detach(connection: Connection): void {
    for (const key of connection.keys) this.unsubscribe(connection, key);
    this.connections.delete(connection);
    this.lagging.delete(connection);
  }

  /** Adds a subscription; `replay` sends the channel's last frame (state channels) at once. */
  subscribe(connection: Connection, key: string, replay: boolean): void {
    // A frame handled after the connection closed or its session ended subscribes nothing.
    if (!this.connections.has(connection)) return;
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { seq: 0, subscribers: new Set(), last: null };
      this.channels.set(key, channel);
    }
    const first = channel.subscribers.size === 0;
    channel.subscribers.add(connection);
    connection.keys.add(key);
    if (first) this.cluster?.interestChanged();
    if (replay && channel.last) connection.deliver(key, channel.last);
  }

  unsubscribe(connection: Connection, key: string): void {
    connection.keys.delete(key);
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.subscribers.delete(connection);
    // The sequence stays so numbering never restarts; a state nobody follows goes stale.
    if (channel.subscribers.size === 0) channel.last = null;
  }

  /** True when somebody listens (on any process): publishers skip data nobody receives. */
  has(ch: string): boolean {
    return this.listened(ch) || (this.cluster?.listened(ch) ?? false);
  }

  private listened(key: string): boolean {
    return (this.channels.get(key)?.subscribers.size ?? 0) > 0;
  }

  /** The channel keys somebody listens to here (what this process tells the others). */
  *listenedKeys(): Generator<string> {
    for (const [key, channel] of this.channels) if (channel.subscribers.size > 0) yield key;
  }

  /**
   * Several processes: every message goes through the bus and every process (this one too)
   * numbers and sends it to its own subscribers, so a client sees the same channel, gap-free,
   * whichever process it is connected to (cluster.ts).
   */
  relayThrough(link: ClusterLink): void {
    this.cluster = link;
  }

  /** A message from the bus (or from this process alone): `json` is the data, serialized. */
  deliverLocal(key: string, ch: string, json: string): number {
    return this.send(key, ch, () => json);
  }

  publish(ch: string, data: unknown): number {
    if (this.cluster) return this.cluster.publish(ch, null, JSON.stringify(data));
    return this.send(ch, ch, () => JSON.stringify(data));
  }

  publishToUser(userId: number, ch: string, data: unknown): number {
    if (this.cluster) return this.cluster.publish(ch, userId, JSON.stringify(data));
    return this.send(Hub.key(ch, userId), ch, () => JSON.stringify(data));
  }

  /** `json` is called only when somebody here receives the message. */
  private send(key: string, ch: string, json: () => string): number {
    const channel = this.channels.get(key);
    if (!channel) return 0; // nobody ever listened: nothing to number
    const seq = ++channel.seq;
    if (channel.subscribers.size === 0) return seq;
    const frame = textFrame(
      Buffer.from(`{"ch":${JSON.stringify(ch)},"seq":${seq},"data":${json()}}`),
    );
    channel.last = frame;
    for (const connection of channel.subscribers) connection.deliver(key, frame);
    this.sent += channel.subscribers.size;
    return seq;
  }

  /** Called by a connection that starts holding frames back. */
  behind(connection: Connection): void {
    this.lagging.add(connection);
    if (this.drainTimer) return;
    this.drainTimer = setInterval(() => this.drain(), this.drainMs);
    this.drainTimer.unref();
  }

  drain(): void {
    for (const connection of this.lagging) {
      if (connection.drain()) this.lagging.delete(connection);
    }
    if (this.lagging.size === 0 && this.drainTimer) {
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
    }
  }

  /** Closes clients silent for idleMs and drops those behind for stallMs. */
  sweep(): void {
    const now = this.now();
    for (const connection of this.connections) {
      if (now - connection.lastSeen >= this.idleMs) {
        connection.socket.close(IDLE_CLOSE_CODE, 'idle');
      } else if (connection.behindSince !== null && now - connection.behindSince >= this.stallMs) {
        connection.socket.terminate();
      }
    }
  }

  /** The connections authenticated as a user or an operator. */
  *signedIn(): Generator<Connection> {
    for (const c of this.connections)
      if (c.sessionId !== null || c.adminSessionId !== null) yield c;
  }

  /**
   * The session behind `connection` ended: it gets nothing more, private or public, and is closed
   * with SESSION_ENDED_CLOSE_CODE so the client comes back as a visitor.
   */
  endSession(connection: Connection): void {
    connection.userId = connection.sessionId = null;
    connection.adminRole = null;
    connection.adminSessionId = null;
    this.detach(connection);
    connection.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
  }

  stats() {
    let subscriptions = 0;
    for (const channel of this.channels.values()) subscriptions += channel.subscribers.size;
    return {
      connections: this.connections.size,
      lagging: this.lagging.size,
      subscriptions,
      sent: this.sent,
    };
  }

  close(): void {
    clearInterval(this.sweepTimer);
    if (this.drainTimer) clearInterval(this.drainTimer);
    for (const connection of this.connections) connection.socket.close(1001, 'server closing');
  }
}
