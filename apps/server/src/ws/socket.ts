import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { and, eq } from 'drizzle-orm';
import {
  errorMessage,
  isLocale,
  OPERATOR_CHANNELS,
  PRIVATE_CHANNELS,
  wsClientFrame,
  type ErrorCode,
  type Locale,
} from '@hx/protocol';
import { sessions, users, type Db } from '@hx/db';
import { sha256 } from '../lib/tokens.ts';
import { tokenOf } from '../plugins/auth.ts';
import {
  liveSessionAt,
  onSessionsChanged,
  type SessionLifetime,
} from '../plugins/session-lookup.ts';
import { joinCluster } from './cluster.ts';
import { Hub, payloadOf, type Connection, type HubSocket } from './hub.ts';
import { channelKind } from './channels.ts';
import { SessionWatch } from './session-watch.ts';
import { operatorSession } from '../plugins/operator-session.ts';

export interface SocketOptions {
  /** Hub tuning (tests make the limits small). */
  hub?: Partial<Omit<ConstructorParameters<typeof Hub>[0], 'clock'>>;
  /** Subscriptions one connection may hold. */
  maxSubscriptions?: number;
  /** How often the sessions behind signed-in sockets are checked again (SESSION_CHECK_MS). */
  sessionCheckMs?: number;
}

const PRIVATE = new Set<string>(PRIVATE_CHANNELS);

/**
 * `ws`'s WebSocket as the hub's socket. Prepared frames go straight to `raw`, the upgraded
 * request's TCP socket, which `ws` writes its own frames to (it keeps nothing queued there:
 * compression is off), one write per subscriber. Without one (an injected upgrade), `ws` frames.
 */
function adapt(ws: WebSocket, raw: Duplex | undefined): HubSocket {
  return {
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    get readyState() {
      return ws.readyState;
    },
    sendFrame: raw
      ? (frame) => void raw.write(frame)
      : (frame) => ws.send(payloadOf(frame), { binary: false }),
    sendText: (text) => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
  };
}

type UserSession = { userId: number; sessionId: number };
type OperatorSession = { role: string; sessionId: number };

/** The user and session of a live session's token (not ended, not expired), null for anything else. */
async function sessionByToken(
  db: Db,
  token: string,
  life: SessionLifetime,
  now: Date,
): Promise<UserSession | null> {
  const [row] = await db
    .select({ userId: users.id, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), liveSessionAt(life, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Where a `sub` goes (its hub key, and whether the channel is a state one), or why it is refused:
 * an unknown channel, an operator channel without the operator or the role, a private one
 * without a user, or one subscription too many.
 */
function subscriptionOf(
  ch: string,
  connection: ReturnType<Hub['attach']>,
  maxSubscriptions: number,
): { key: string; state: boolean } | { refused: ErrorCode } {
  const roles = Object.hasOwn(OPERATOR_CHANNELS, ch) ? OPERATOR_CHANNELS[ch] : null;
  const kind = PRIVATE.has(ch) ? 'private' : roles ? 'event' : channelKind(ch);
  if (!kind) return { refused: 'CHANNEL_UNKNOWN' };
  if (roles && connection.adminRole === null) return { refused: 'UNAUTHENTICATED' };
  if (roles && !roles.includes(connection.adminRole as never)) return { refused: 'FORBIDDEN' };
  if (kind === 'private' && connection.userId === null) return { refused: 'UNAUTHENTICATED' };
  const key = kind === 'private' ? Hub.key(ch, connection.userId) : ch;
  if (!connection.keys.has(key) && connection.keys.size >= maxSubscriptions)
    return { refused: 'SUBSCRIPTION_LIMIT' };
  return { key, state: kind === 'state' };
}

/**
 * The live socket `/ws`: JSON text frames. Client `{"op":"sub"|"unsub","ch"}`,
 * `{"op":"auth","token"}`, `{"op":"auth_admin","token"}` (operator channels), `{"op":"ping"}`; server `{"ch","seq","data"}`, `{"op":"pong"}`, acks
 * `{"op":"subbed"|"unsubbed","ch"}` / `{"op":"authed","user_id"}`, and
 * `{"op":"error","code","message"}` in the language of `?lang=` (or the `lang` header).
 * app.ts registers it before the modules: they publish through `app.hub`.
 */
export const socket = fp<SocketOptions>(
  async (app, options) => {
    const hub = new Hub({ clock: app.clock, ...options.hub });
    const maxSubscriptions = options.maxSubscriptions ?? 200;
    app.decorate('hub', hub);
    // Several processes: channels reach clients on every process (cluster.ts).
    const leaveCluster = app.bus.clustered ? joinCluster(hub, app.bus, Date.now) : () => undefined;
    await app.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });
    // A socket never outlives its session: every revocation ends the sockets it authenticated.
    const watch = new SessionWatch({
      db: app.db,
      hub,
      clock: app.clock,
      life: app.config,
      onError: (err) => app.log.error({ err }, 'socket session check failed'),
      everyMs: options.sessionCheckMs,
    });
    const unhook = onSessionsChanged(watch.changed);
    app.addHook('onClose', async () => {
      unhook();
      leaveCluster();
      watch.stop();
      hub.close();
    });
    /** Applies a session looked up; one that changed during the lookup is checked again. */
    const watched = async <T>(lookup: Promise<T>, apply: (found: T) => void) => {
      const asOf = watch.changes;
      const found = await lookup;
      apply(found);
      if (watch.changes !== asOf) void watch.check();
      return found;
    };

    app.get('/ws', { websocket: true }, (ws: WebSocket, request) => {
      const query = request.query as { lang?: string };
      const lang: Locale = isLocale(query.lang) ? query.lang : request.lang;
      // The socket of the upgrade: Node hands the same one to `ws` (request.raw.socket).
      const connection = hub.attach(adapt(ws, request.raw.socket ?? undefined));
      /** `{"op":"error","code","message"}`, with the channel when the error is about one. */
      const fail = (code: ErrorCode, ch?: string, params: Record<string, string | number> = {}) =>
        connection.reply({
          op: 'error',
          code,
          message: errorMessage(code, lang, { ch: ch ?? '', ...params }),
          ...(ch !== undefined && { ch }),
        });
      /** Signs in as the session's user; another user's private channels are left. */
      const asUser = (found: UserSession | null) => {
        if (!found) return;
        if (connection.userId !== null && connection.userId !== found.userId)
          for (const ch of PRIVATE) hub.unsubscribe(connection, Hub.key(ch, connection.userId));
        connection.userId = found.userId;
        connection.sessionId = found.sessionId;
      };
      const asOperator = (found: OperatorSession | null) => {
        if (!found) return;
        connection.adminRole = found.role;
        connection.adminSessionId = found.sessionId;
      };

      const handle = async (raw: RawData, isBinary: boolean) => {
        connection.touch();
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(raw.toString());
        } catch {
          parsed = undefined;
        }
        const frame = wsClientFrame.safeParse(parsed);
        if (!frame.success) return fail('FRAME_INVALID');
        const msg = frame.data;
        switch (msg.op) {
          case 'ping':
            return connection.reply({ op: 'pong' });
          case 'auth': {
            const found = await watched(
              sessionByToken(app.db, msg.token, app.config, app.clock.now()),
              asUser,
            );
            if (!found) return fail('UNAUTHENTICATED');
            return connection.reply({ op: 'authed', user_id: found.userId });
          }
          case 'auth_admin': {
            // As for HTTP (plugins/operator-session.ts): in production a session rests on the authenticator.
            const lookup = operatorSession(
              app.db,
              msg.token,
              app.clock.now(),
              app.config.mode,
            ).then((row) => row && { role: row.admin.role, sessionId: row.sessionId });
            const found = await watched(lookup, asOperator);
            if (!found) return fail('UNAUTHENTICATED');
            return connection.reply({ op: 'authed_admin', role: found.role });
          }
          case 'sub': {
            const to = subscriptionOf(msg.ch, connection, maxSubscriptions);
            if ('refused' in to) return fail(to.refused, msg.ch, { max: maxSubscriptions });
            connection.reply({ op: 'subbed', ch: msg.ch });
            return hub.subscribe(connection, to.key, to.state);
          }
          case 'unsub': {
            const key = PRIVATE.has(msg.ch) ? Hub.key(msg.ch, connection.userId) : msg.ch;
            hub.unsubscribe(connection, key);
            return connection.reply({ op: 'unsubbed', ch: msg.ch });
          }
        }
      };

      // Frames are handled one after another, so `auth` then `sub orders` works without waiting.
      // A token in the upgrade's Authorization header authenticates before the first frame.
      const token = tokenOf(request);
      let queue: Promise<void> = token
        ? watched(sessionByToken(app.db, token, app.config, app.clock.now()), asUser).then(
            () => undefined,
            (err: unknown) => request.log.error({ err }, 'socket auth failed'),
          )
        : Promise.resolve();
      ws.on('message', (raw, isBinary) => {
        queue = queue
          .then(() => handle(raw, isBinary))
          .catch((err: unknown) => {
            request.log.error({ err }, 'socket frame failed');
            fail('INTERNAL');
          });
      });
      ws.on('close', () => hub.detach(connection));
    });
  },
  { name: 'socket' },
);

export type { Connection };
