import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { account, myTrades } from './account.ts';
import { binanceErrorOf, binanceErrors, BinanceError, REJECTIONS } from './errors.ts';
import { aggTrades, depth, klines, trades, type MarketDeps } from './market-data.ts';
import { cancelOrderList, openOrderLists, placeOcoList, queryOrderList } from './oco.ts';
import {
  allOrders,
  cancelOpenOrders,
  cancelOrder,
  openOrders,
  placeOrder,
  queryOrder,
  type OrderDeps,
  type Trader,
} from './orders.ts';
import { paramsOf, type Params } from './request.ts';
import type { Security } from './signature.ts';
import { rateLimits, symbolInfo, pairsAsked } from './symbols.ts';
import { avgPrice, bookTicker, tickerPrice, ticker24hr } from './tickers.ts';
import { weightOf, type WeightMeter } from './weights.ts';
import type { OrderCounter } from './order-counts.ts';

/** What a Binance route's handler is given. */
export interface BinanceCall {
  params: Params;
  /** The key's user for a keyed route (null on a public one). */
  trader: (Trader & { frozen: boolean }) | null;
  request: FastifyRequest;
}

/** A route of Binance's API under /api/v3 (`path` below it), with its security type. */
export interface BinanceRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  security: Security;
  handler: (call: BinanceCall) => unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Binance-compatible API's per-address weight meter (weights.ts). */
    binanceWeights: WeightMeter;
    /** Its per-account unfilled order count (order-counts.ts). */
    binanceOrderCounts: OrderCounter;
  }
}

const trading = (call: BinanceCall): Trader => {
  const trader = call.trader!;
  if (trader.frozen) throw binanceErrors.newOrderRejected(REJECTIONS.disabled);
  return trader;
};

/** The REST routes of rest-api.md this server answers (docs/binance-api.md lists them). */
export function restRoutes(app: FastifyInstance): BinanceRoute[] {
  const orders: OrderDeps = {
    spot: app.spot,
    db: app.db,
    clock: app.clock,
    orderCounts: app.binanceOrderCounts,
  };
  const market: MarketDeps = {
    spot: app.spot,
    market: app.market,
    db: app.db,
    now: () => app.clock.now().getTime(),
  };
  const pub = (method: BinanceRoute['method'], path: string, handler: BinanceRoute['handler']) => ({
    method,
    path,
    security: 'NONE' as const,
    handler,
  });
  return [
    pub('GET', '/ping', () => ({})),
    pub('GET', '/time', () => ({ serverTime: app.clock.now().getTime() })),
    pub('GET', '/exchangeInfo', ({ params }) => ({
      timezone: 'UTC',
      serverTime: app.clock.now().getTime(),
      rateLimits: rateLimits(app.binanceWeights.limit, app.binanceOrderCounts.rateLimits()),
      exchangeFilters: [],
      symbols: pairsAsked(app.spot, params).map(symbolInfo),
    })),
    pub('GET', '/depth', ({ params }) => depth(market, params)),
    pub('GET', '/trades', ({ params }) => trades(market, params)),
    pub('GET', '/historicalTrades', ({ params }) => trades(market, params, true)),
    pub('GET', '/aggTrades', ({ params }) => aggTrades(market, params)),
    pub('GET', '/klines', ({ params }) => klines(market, params)),
    pub('GET', '/uiKlines', ({ params }) => klines(market, params)),
    pub('GET', '/avgPrice', ({ params }) => avgPrice(market, params)),
    pub('GET', '/ticker/24hr', ({ params }) => ticker24hr(market, params)),
    pub('GET', '/ticker/price', ({ params }) => tickerPrice(market, params)),
    pub('GET', '/ticker/bookTicker', ({ params }) => bookTicker(market, params)),
    {
      method: 'POST',
      path: '/order',
      security: 'TRADE',
      handler: (call) => placeOrder(orders, trading(call), call.params),
    },
    {
      method: 'POST',
      path: '/order/test',
      security: 'TRADE',
      handler: (call) => placeOrder(orders, trading(call), call.params, true),
    },
    {
      method: 'GET',
      path: '/order',
      security: 'USER_DATA',
      handler: (call) => queryOrder(orders, call.trader!, call.params),
    },
    {
      method: 'DELETE',
      path: '/order',
      security: 'TRADE',
      handler: (call) => cancelOrder(orders, trading(call), call.params),
    },
    {
      method: 'GET',
      path: '/openOrders',
      security: 'USER_DATA',
      handler: (call) => openOrders(orders, call.trader!, call.params),
    },
    {
      method: 'DELETE',
      path: '/openOrders',
      security: 'TRADE',
      handler: (call) => cancelOpenOrders(orders, trading(call), call.params),
    },
    {
      method: 'GET',
      path: '/allOrders',
      security: 'USER_DATA',
      handler: (call) => allOrders(orders, call.trader!, call.params),
    },
    {
      method: 'GET',
      path: '/myTrades',
      security: 'USER_DATA',
      handler: (call) => myTrades(orders, call.trader!, call.params),
    },
    {
      method: 'GET',
      path: '/account',
      security: 'USER_DATA',
      handler: (call) => account(orders, call.trader!, call.params),
    },
    {
      method: 'POST',
      path: '/orderList/oco',
      security: 'TRADE',
      handler: (call) => placeOcoList(orders, trading(call), call.params),
    },
    {
      method: 'GET',
      path: '/orderList',
      security: 'USER_DATA',
      handler: (call) => queryOrderList(orders, call.trader!, call.params),
    },
    {
      method: 'DELETE',
      path: '/orderList',
      security: 'TRADE',
      handler: (call) => cancelOrderList(orders, trading(call), call.params),
    },
    {
      method: 'GET',
      path: '/openOrderList',
      security: 'USER_DATA',
      handler: (call) => openOrderLists(orders, call.trader!),
    },
  ];
}

/** Any failure as Binance's `{code, msg}` (never the app's envelope). */
function asBinance(error: unknown, request: FastifyRequest): BinanceError {
  if (error instanceof BinanceError) return error;
  if (error instanceof AppError) return binanceErrorOf(error);
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) return binanceErrors.tooManyRequests();
  if (status >= 400 && status < 500)
    return new BinanceError(-1000, (error as Error).message, status);
  request.log.error({ err: error }, 'binance api: unhandled error');
  return binanceErrors.unknown();
}

const who = (request: FastifyRequest) => request.ip ?? '';

/** The routes whose answers carry the order count (X-MBX-ORDER-COUNT-10S, -1D). */
const ORDERING = new Set(['/api/v3/order', '/api/v3/orderList/oco']);

/**
 * The scope of Binance's routes: their errors as `{code, msg}`, each request's weight counted
 * against its address (429/418 over the limit), `X-MBX-USED-WEIGHT-1M` on every answer. Other
 * modules' Binance routes (the user data stream's listen keys) register in it with `extra`.
 */
export function binanceRoutes(extra: (app: FastifyInstance) => BinanceRoute[] = () => []) {
  const plugin: FastifyPluginAsyncZod = async (api) => {
    const counted = new WeakSet<FastifyRequest>();
    const count = (request: FastifyRequest) => {
      if (counted.has(request)) return;
      counted.add(request);
      const path = (request.routeOptions.url ?? '').replace(/^\/api\/v3/, '');
      api.binanceWeights.use(who(request), weightOf(request.method, path, paramsOf(request)));
    };
    api.setErrorHandler((error, request, reply) => {
      let failure = asBinance(error, request);
      try {
        count(request); // refused requests weigh too
      } catch (over) {
        failure = over as BinanceError;
      }
      if (failure.retryAfter !== undefined) reply.header('retry-after', failure.retryAfter);
      return reply.status(failure.status).send(failure.body);
    });
    api.addHook('preHandler', async (request) => count(request));
    api.addHook('onSend', async (request, reply) => {
      const used = String(api.binanceWeights.used(who(request)));
      reply.header('x-mbx-used-weight', used);
      reply.header('x-mbx-used-weight-1m', used);
      const url = request.routeOptions.url;
      if (
        request.user &&
        reply.statusCode === 200 &&
        request.method === 'POST' &&
        ORDERING.has(url!)
      )
        for (const [name, count] of api.binanceOrderCounts.headers(request.user.id))
          reply.header(name, count);
    });
    for (const route of [...restRoutes(api), ...extra(api)]) {
      api.route({
        method: route.method,
        url: `/v3${route.path}`,
        schema: { hide: true },
        config: { binance: route.security },
        onRequest: route.security === 'NONE' ? undefined : api.authenticate,
        handler: async (request) => {
          const user = request.user;
          const trader =
            route.security === 'NONE' || !user || !request.apiKey
              ? null
              : { userId: user.id, keyId: request.apiKey.id, frozen: user.frozen };
          const params = paramsOf(request);
          for (const [name, value] of Object.entries(params))
            if (value === '') throw binanceErrors.paramEmpty(name);
          return route.handler({ params, trader, request });
        },
      });
    }
  };
  return plugin;
}
