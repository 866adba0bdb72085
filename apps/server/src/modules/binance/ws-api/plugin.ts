import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, users } from '@hx/db';
import { allowedFrom } from '../../api-keys/signed-request.ts';
import { binanceErrorOf, binanceErrors, BinanceError } from '../errors.ts';
import { restRoutes, type BinanceRoute } from '../routes.ts';
import { authorize, checkTiming, keyMayCall, type Security } from '../signature.ts';
import type { UserSink } from '../stream/user-feed.ts';
import { weightOf } from '../weights.ts';
import { paramsOfRequest, REST_METHODS, SESSION_METHODS } from './methods.ts';

type Id = string | number | null;
type Text = Record<string, string | undefined>;
type Caller = { userId: number; keyId: number; frozen: boolean; apiKey: string };

interface Session {
  ws: WebSocket;
  request: FastifyRequest;
  connectedSince: number;
  returnRateLimits: boolean;
  /** The key of `session.logon` (Ed25519 only), used by requests that name none. */
  logon: (Caller & { since: number }) | null;
  subscriptions: Map<number, { userId: number; sink: UserSink; logon: boolean }>;
  nextSubscription: number;
}

/** Binance's session requests' weight. */
const SESSION_WEIGHT = 2;
const HMAC_LOGON = () => new BinanceError(-4056, 'HMAC_SHA256 API key is not supported.');

/**
 * The WebSocket API at /ws-api/v3 (web-socket-api.md): `{id, method, params}` answered
 * `{id, status, result | error, rateLimits}`. Market and account methods run the REST routes'
 * handlers with the same security and weight; `session.logon` (Ed25519 keys) lets later requests
 * omit `apiKey` and `signature`; `userDataStream.subscribe[.signature]` pushes the account's
 * events as `{subscriptionId, event}`.
 */
export function binanceWsApi(app: FastifyInstance): void {
  const routes = new Map<string, BinanceRoute>(
    restRoutes(app).map((r) => [`${r.method} ${r.path}`, r]),
  );
  const now = () => app.clock.now().getTime();
  const ipOf = (s: Session) => s.request.ip ?? '';

  const rateLimits = (s: Session) => [
    {
      rateLimitType: 'REQUEST_WEIGHT',
      interval: 'MINUTE',
      intervalNum: 1,
      limit: app.binanceWeights.limit,
      count: app.binanceWeights.used(ipOf(s)),
    },
  ];

  /** The logged-on key, read again: a key deleted, limited or stripped since ends the session. */
  async function sessionCaller(s: Session, security: Exclude<Security, 'NONE'>): Promise<Caller> {
    const logon = s.logon!;
    const [row] = await app.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.id, logon.keyId), isNull(apiKeys.revokedAt)));
    if (!row || !allowedFrom(row.key.ips, ipOf(s)) || !keyMayCall(row.key.permissions, security)) {
      if (!row || !allowedFrom(row.key.ips, ipOf(s))) endLogon(s);
      throw binanceErrors.rejectedKey();
    }
    return { ...logon, frozen: row.user.frozen };
  }

  /** Who a secured request is: its own key and signature, else the session's key. */
  async function callerOf(
    s: Session,
    security: Exclude<Security, 'NONE'>,
    text: Text,
    payload: string,
  ): Promise<Caller> {
    if (text.apiKey !== undefined || text.signature !== undefined || !s.logon) {
      const found = await authorize(app, {
        apiKey: text.apiKey,
        ip: ipOf(s),
        security,
        payload,
        signature: text.signature ?? null,
        timestamp: text.timestamp,
        recvWindow: text.recvWindow,
      });
      return {
        userId: found.user.id,
        keyId: found.keyId,
        frozen: found.user.frozen,
        apiKey: text.apiKey!,
      };
    }
    if (security !== 'USER_STREAM') checkTiming(now(), text.timestamp, text.recvWindow);
    return sessionCaller(s, security);
  }

  const status = (s: Session) => ({
    apiKey: s.logon?.apiKey ?? null,
    authorizedSince: s.logon?.since ?? null,
    connectedSince: s.connectedSince,
    returnRateLimits: s.returnRateLimits,
    serverTime: now(),
    userDataStream: s.subscriptions.size > 0,
  });

  function endLogon(s: Session): void {
    s.logon = null;
    for (const [id, sub] of s.subscriptions) if (sub.logon) unsubscribe(s, id);
  }

  function unsubscribe(s: Session, id: number): void {
    const sub = s.subscriptions.get(id);
    if (!sub) return;
    s.subscriptions.delete(id);
    app.binanceStreams.users.unsubscribe(sub.userId, sub.sink);
    send(s, { subscriptionId: id, event: { e: 'eventStreamTerminated', E: now() } });
  }

  async function subscribe(s: Session, userId: number, logon: boolean) {
    for (const sub of s.subscriptions.values())
      if (sub.userId === userId) throw binanceErrors.invalidParam('apiKey'); // one per account
    const subscriptionId = s.nextSubscription++;
    const sink: UserSink = { event: (event) => send(s, { subscriptionId, event }) };
    s.subscriptions.set(subscriptionId, { userId, sink, logon });
    await app.binanceStreams.users.subscribe(userId, sink);
    return { subscriptionId };
  }

  /** The session's own methods (weight 2 each). */
  async function sessionMethod(s: Session, method: string, text: Text, payload: string) {
    switch (method) {
      case 'session.logon': {
        const caller = await callerOf({ ...s, logon: null }, 'USER_DATA', text, payload);
        const [key] = await app.db
          .select({ publicKey: apiKeys.publicKey })
          .from(apiKeys)
          .where(eq(apiKeys.id, caller.keyId));
        if (!key?.publicKey) throw HMAC_LOGON();
        s.logon = { ...caller, since: now() };
        return status(s);
      }
      case 'session.status':
        return status(s);
      case 'session.logout':
        endLogon(s);
        return status(s);
      case 'session.subscriptions':
        return [...s.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId }));
      case 'userDataStream.subscribe':
        if (!s.logon) throw binanceErrors.mandatory('apiKey');
        return subscribe(s, (await sessionCaller(s, 'USER_STREAM')).userId, true);
      case 'userDataStream.subscribe.signature': {
        const caller = await callerOf({ ...s, logon: null }, 'USER_DATA', text, payload);
        return subscribe(s, caller.userId, false);
      }
      default: {
        // userDataStream.unsubscribe: one subscription, or every one.
        const id = text.subscriptionId;
        if (id === undefined) for (const sub of [...s.subscriptions.keys()]) unsubscribe(s, sub);
        else if (!/^\d+$/.test(id)) throw binanceErrors.invalidParam('subscriptionId');
        else unsubscribe(s, Number(id));
        return {};
      }
    }
  }

  async function run(s: Session, method: string, params: Record<string, unknown>) {
    const { text, payload } = paramsOfRequest(params);
    const name = method.replace(/^v3\//, '');
    if (SESSION_METHODS.has(name)) {
      app.binanceWeights.use(ipOf(s), SESSION_WEIGHT);
      return sessionMethod(s, name, text, payload);
    }
    const restKey = REST_METHODS[name];
    const route = restKey ? routes.get(restKey) : undefined;
    if (!route) throw binanceErrors.unsupported();
    const [verb, path] = restKey!.split(' ') as [string, string];
    app.binanceWeights.use(ipOf(s), weightOf(verb, path, text));
    const trader =
      route.security === 'NONE' ? null : await callerOf(s, route.security, text, payload);
    // The REST handlers read Binance's parameters; the key's and the session's are not theirs.
    const { apiKey: _k, signature: _s, returnRateLimits: _r, ...rest } = text;
    return route.handler({ params: rest, trader, request: s.request });
  }

  function send(s: Session, frame: object): void {
    if (s.ws.readyState === 1) s.ws.send(JSON.stringify(frame));
  }

  async function handle(s: Session, raw: string): Promise<void> {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(raw) as typeof request;
      if (typeof request !== 'object' || request === null) throw new Error('not an object');
    } catch {
      const error = { code: -1135, msg: 'Invalid JSON Request' };
      return send(s, { id: null, status: 400, error, rateLimits: rateLimits(s) });
    }
    const id = (['string', 'number'].includes(typeof request.id) ? request.id : null) as Id;
    const params = (typeof request.params === 'object' && request.params) || {};
    const show = (params as { returnRateLimits?: unknown }).returnRateLimits ?? s.returnRateLimits;
    const limits = () => (show === false ? {} : { rateLimits: rateLimits(s) });
    try {
      if (typeof request.method !== 'string') throw binanceErrors.mandatory('method');
      // Every parameter is signed, returnRateLimits too.
      const result = await run(s, request.method, params as Record<string, unknown>);
      send(s, { id, status: 200, result, ...limits() });
    } catch (err) {
      const failure = binanceErrorOf(err);
      if (failure.code === -1000 && !(err instanceof BinanceError))
        app.log.error({ err }, 'binance ws-api: unhandled error');
      const data = failure.retryAfter ? { data: { retryAfter: failure.retryAfter } } : {};
      send(s, { id, status: failure.status, error: { ...failure.body, ...data }, ...limits() });
    }
  }

  app.get('/ws-api/v3', { websocket: true }, (ws: WebSocket, request) => {
    const query = request.query as { returnRateLimits?: string };
    const s: Session = {
      ws,
      request,
      connectedSince: now(),
      returnRateLimits: query.returnRateLimits !== 'false',
      logon: null,
      subscriptions: new Map(),
      nextSubscription: 0,
    };
    try {
      app.binanceWeights.use(ipOf(s), 2); // connecting weighs 2
    } catch {
      return ws.close(1008, 'Too much request weight used');
    }
    // Requests are answered as they finish (Binance's are asynchronous too): order.place on
    // one pair waits for its batch, not for the request before it.
    ws.on('message', (raw, isBinary) => {
      if (!isBinary) void handle(s, raw.toString());
    });
    ws.on('close', () => {
      for (const sub of s.subscriptions.values())
        app.binanceStreams.users.unsubscribe(sub.userId, sub.sink);
      s.subscriptions.clear();
    });
  });
}
