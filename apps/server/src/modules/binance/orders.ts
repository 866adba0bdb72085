import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { spotOrders, spotTrades, type Db } from '@hx/db';
import type { Clock } from '../../lib/clock.ts';
import type { PlaceInput } from '../spot/cluster.ts';
import type { Pair } from '../spot/pair.ts';
import type { SpotService } from '../spot/service.ts';
import { binanceErrorOf, binanceErrors, REJECTIONS } from './errors.ts';
import {
  cancelledOrder,
  clientIdOf,
  idOfWebClientId,
  placedOrder,
  queriedOrder,
  type OrderRow,
} from './order-view.ts';
import type { OrderCounter } from './order-counts.ts';
import { pairOf } from './symbols.ts';

/**
 * Binance's order calls on our spot orders: the same orders, book and ledger as the app's (the
 * spot service places and cancels; this file only reads the rows back). Shared by the REST
 * routes and the WebSocket API: each takes the caller and Binance's parameters and returns
 * Binance's object, or throws a BinanceError.
 */

export interface OrderDeps {
  spot: SpotService;
  db: Db;
  clock: Clock;
  /** The unfilled order count (order-counts.ts); absent: not counted. */
  orderCounts?: OrderCounter;
}

/** Who is trading: the user, and the key that signed (for the order rate limit). */
export interface Trader {
  userId: number;
  keyId: number;
}

export type Params = Record<string, string | undefined>;

const CLIENT_ID = /^[a-zA-Z0-9_-]{1,36}$/;
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** A decimal parameter without Binance's padding zeros ("0.01000000" → "0.01"); -1100 if not one. */
export function decimalParam(params: Params, name: string): string | undefined {
  const text = params[name];
  if (text === undefined) return undefined;
  if (text === '') throw binanceErrors.paramEmpty(name);
  if (!DECIMAL.test(text)) throw binanceErrors.illegalChars(name);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return /^0*(\.0*)?$/.test(trimmed) ? undefined : trimmed;
}

const need = <T>(value: T | undefined, name: string): T => {
  if (value === undefined) throw binanceErrors.mandatory(name);
  return value;
};

/** A new client id: the one asked (checked), else 22 random characters as Binance makes. */
export function clientIdParam(params: Params, name = 'newClientOrderId'): string {
  const text = params[name];
  if (text === undefined) return randomBytes(16).toString('base64url').slice(0, 22);
  if (text === '') throw binanceErrors.emptyNewClientId();
  if (!CLIENT_ID.test(text)) throw binanceErrors.illegalChars(name);
  return text;
}

const SIDES: Record<string, 'buy' | 'sell'> = { BUY: 'buy', SELL: 'sell' };
const TIFS: Record<string, 'gtc' | 'ioc' | 'fok'> = { GTC: 'gtc', IOC: 'ioc', FOK: 'fok' };
const UNSUPPORTED = [
  'icebergQty',
  'trailingDelta',
  'pegPriceType',
  'pegOffsetValue',
  'pegOffsetType',
];

export function sideParam(params: Params): 'buy' | 'sell' {
  const side = SIDES[need(params.side, 'side')];
  if (!side) throw binanceErrors.invalidSide();
  return side;
}

function tifParam(params: Params, wanted: boolean): 'gtc' | 'ioc' | 'fok' | undefined {
  if (!wanted) {
    if (params.timeInForce !== undefined) throw binanceErrors.tifNotRequired();
    return undefined;
  }
  const tif = TIFS[need(params.timeInForce, 'timeInForce')];
  if (!tif) throw binanceErrors.invalidTif();
  return tif;
}

/** Binance's new-order parameters as our spot order (orderTypes of symbols.ts). */
export function placeInput(pair: Pair, params: Params): PlaceInput {
  const side = sideParam(params);
  const type = need(params.type, 'type');
  for (const name of UNSUPPORTED)
    if (params[name] !== undefined) throw binanceErrors.newOrderRejected(REJECTIONS.combination);
  const quantity = decimalParam(params, 'quantity');
  const price = decimalParam(params, 'price');
  const stopPrice = decimalParam(params, 'stopPrice');
  const base = { symbol: pair.symbol, side, client_order_id: clientIdParam(params) };
  const limit = () => ({ amount: need(quantity, 'quantity'), price: need(price, 'price') });
  const noStop = () => {
    if (stopPrice !== undefined) throw binanceErrors.notRequired('stopPrice');
  };
  switch (type) {
    case 'LIMIT':
      noStop();
      return { ...base, type: 'limit', ...limit(), time_in_force: tifParam(params, true) };
    case 'LIMIT_MAKER':
      noStop();
      tifParam(params, false);
      return { ...base, type: 'limit', ...limit(), post_only: true };
    case 'MARKET': {
      noStop();
      tifParam(params, false);
      if (price !== undefined) throw binanceErrors.notRequired('price');
      const funds = decimalParam(params, 'quoteOrderQty');
      if ((quantity === undefined) === (funds === undefined))
        throw binanceErrors.eitherOf('quantity', 'quoteOrderQty');
      if (funds === undefined) return { ...base, type: 'market', amount: quantity };
      // A market sell for a quote amount: not something our orders do.
      if (side === 'sell') throw binanceErrors.newOrderRejected(REJECTIONS.combination);
      return { ...base, type: 'market', funds };
    }
    case 'STOP_LOSS':
      tifParam(params, false);
      return {
        ...base,
        type: 'stop_market',
        amount: need(quantity, 'quantity'),
        stop_price: need(stopPrice, 'stopPrice'),
      };
    case 'STOP_LOSS_LIMIT':
      return {
        ...base,
        type: 'stop_limit',
        ...limit(),
        time_in_force: tifParam(params, true),
        stop_price: need(stopPrice, 'stopPrice'),
      };
    case 'TAKE_PROFIT':
      tifParam(params, false);
      return {
        ...base,
        type: 'stop_market',
        amount: need(quantity, 'quantity'),
        stop_price: need(stopPrice, 'stopPrice'),
        take_profit: true,
      };
    case 'TAKE_PROFIT_LIMIT':
      return {
        ...base,
        type: 'stop_limit',
        ...limit(),
        time_in_force: tifParam(params, true),
        stop_price: need(stopPrice, 'stopPrice'),
        take_profit: true,
      };
    default:
      throw binanceErrors.invalidType();
  }
}

function respTypeParam(params: Params, type: string): 'ACK' | 'RESULT' | 'FULL' {
  const asked = params.newOrderRespType;
  if (asked === undefined) return type === 'MARKET' || type === 'LIMIT' ? 'FULL' : 'ACK';
  if (asked !== 'ACK' && asked !== 'RESULT' && asked !== 'FULL')
    throw binanceErrors.invalidParam('newOrderRespType');
  return asked;
}

/** 1 when the order has filled (in part or whole), else 0: what it takes off the order count. */
export const filledAny = (row: OrderRow) => (/^[0.]*$/.test(row.filled) ? 0 : 1);

export async function orderRow(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id));
  return row!;
}

export const fillsOf = (db: Db, id: number) =>
  db
    .select()
    .from(spotTrades)
    .where(or(eq(spotTrades.makerOrderId, id), eq(spotTrades.takerOrderId, id)))
    .orderBy(asc(spotTrades.id));

/**
 * POST /api/v3/order (and order/test with `test`: checked as if placed, nothing placed).
 * Returns the answer of `newOrderRespType`.
 */
export async function placeOrder(deps: OrderDeps, trader: Trader, params: Params, test = false) {
  const pair = pairOf(deps.spot, params.symbol);
  const input = placeInput(pair, params);
  const respType = respTypeParam(params, params.type!);
  try {
    deps.spot.toNewOrder(trader.userId, input); // the pair's units, as the writer will
    if (test) return {};
    deps.orderCounts?.check(trader.userId);
    // A client id one of the caller's open orders on the pair has is refused by the pair's
    // writer (spot/client-ids.ts): -2010 "Duplicate order sent.".
    const placed = await deps.spot.place(trader.userId, input);
    const row = await orderRow(deps.db, placed.id);
    deps.orderCounts?.add(trader.userId, 1, filledAny(row));
    return placedOrder(
      pair,
      row,
      respType,
      respType === 'FULL' ? await fillsOf(deps.db, row.id) : [],
    );
  } catch (err) {
    throw binanceErrorOf(err, 'place');
  }
}

/**
 * The caller's order on the pair by `orderId` or `origClientOrderId` (-1102 when neither);
 * `missing` is what to throw when there is none (-2013 for a query, -2011 for a cancel).
 */
export async function findOrder(
  deps: Pick<OrderDeps, 'db'>,
  trader: Trader,
  pair: Pair,
  params: Params,
  missing: () => Error,
): Promise<OrderRow> {
  const clientId = params.origClientOrderId;
  if (params.orderId === undefined && clientId === undefined)
    throw binanceErrors.eitherOf('orderId', 'origClientOrderId');
  if (clientId === '') throw binanceErrors.emptyOrigClientId();
  const where: SQL[] = [eq(spotOrders.userId, trader.userId), eq(spotOrders.symbol, pair.symbol)];
  if (params.orderId !== undefined) {
    if (!/^\d{1,15}$/.test(params.orderId)) throw binanceErrors.illegalChars('orderId');
    where.push(eq(spotOrders.id, Number(params.orderId)));
  } else {
    const webId = idOfWebClientId(clientId!);
    where.push(webId === null ? eq(spotOrders.clientOrderId, clientId!) : eq(spotOrders.id, webId));
  }
  // An open order first, then the latest with that client id.
  const [row] = await deps.db
    .select()
    .from(spotOrders)
    .where(and(...where))
    .orderBy(desc(eq(spotOrders.status, 'waiting')), desc(spotOrders.id))
    .limit(1);
  if (!row) throw missing();
  if (clientId !== undefined && clientIdOf(row) !== clientId) throw missing();
  return row;
}

/** GET /api/v3/order. */
export async function queryOrder(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const row = await findOrder(deps, trader, pair, params, binanceErrors.noSuchOrder);
  return queriedOrder(pair, row);
}

/** DELETE /api/v3/order: cancels it (an OCO leg cancels its list, as Binance's). */
export async function cancelOrder(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const unknown = () => binanceErrors.cancelRejected(REJECTIONS.unknownOrder);
  const row = await findOrder(deps, trader, pair, params, unknown);
  const cancelId = clientIdParam(params);
  try {
    await deps.spot.cancel(trader.userId, row.id);
  } catch (err) {
    throw binanceErrorOf(err, 'cancel');
  }
  const after = await orderRow(deps.db, row.id);
  return cancelledOrder(pair, after, cancelId, deps.clock.now().getTime());
}

/** The caller's open orders, on one pair or all, oldest first. */
export async function openRows(db: Db, userId: number, symbol?: string): Promise<OrderRow[]> {
  const where: SQL[] = [eq(spotOrders.userId, userId), eq(spotOrders.status, 'waiting')];
  if (symbol) where.push(eq(spotOrders.symbol, symbol));
  return db
    .select()
    .from(spotOrders)
    .where(and(...where))
    .orderBy(asc(spotOrders.id));
}

/** GET /api/v3/openOrders. */
export async function openOrders(deps: OrderDeps, trader: Trader, params: Params) {
  const only = params.symbol === undefined ? undefined : pairOf(deps.spot, params.symbol);
  const rows = await openRows(deps.db, trader.userId, only?.symbol);
  return rows.flatMap((row) => {
    const pair = deps.spot.pairs.get(row.symbol);
    return pair ? [queriedOrder(pair, row)] : [];
  });
}

/** DELETE /api/v3/openOrders: cancels every open order on the pair. */
export async function cancelOpenOrders(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const rows = await openRows(deps.db, trader.userId, pair.symbol);
  const done = new Set<number>();
  const answers = [];
  for (const row of rows) {
    if (done.has(row.id)) continue; // the other leg of an OCO cancelled with its sibling
    try {
      await deps.spot.cancel(trader.userId, row.id);
    } catch (err) {
      throw binanceErrorOf(err, 'cancel');
    }
    if (row.ocoId !== null) done.add(row.ocoId);
    const after = await orderRow(deps.db, row.id);
    answers.push(cancelledOrder(pair, after, clientIdParam({}), deps.clock.now().getTime()));
  }
  return answers;
}

/** A time or id window of Binance's history reads (startTime, endTime, limit ≤ 1000). */
export function windowParams(params: Params) {
  const int = (name: string) => {
    const text = params[name];
    if (text === undefined) return undefined;
    if (!/^\d{1,15}$/.test(text)) throw binanceErrors.illegalChars(name);
    return Number(text);
  };
  const limit = int('limit') ?? 500;
  if (limit > 1000) throw binanceErrors.greaterThan('limit', 1000);
  return { startTime: int('startTime'), endTime: int('endTime'), limit: Math.max(limit, 1), int };
}

/** GET /api/v3/allOrders: from `orderId` on, or in a time window, oldest first. */
export async function allOrders(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const { startTime, endTime, limit, int } = windowParams(params);
  const where: SQL[] = [eq(spotOrders.userId, trader.userId), eq(spotOrders.symbol, pair.symbol)];
  const fromId = int('orderId');
  if (fromId !== undefined) where.push(gte(spotOrders.id, fromId));
  if (startTime !== undefined) where.push(gte(spotOrders.createdAt, startTime));
  if (endTime !== undefined) where.push(lte(spotOrders.createdAt, endTime));
  const recent = fromId === undefined && startTime === undefined;
  const rows = await deps.db
    .select()
    .from(spotOrders)
    .where(and(...where))
    .orderBy(recent ? desc(spotOrders.id) : asc(spotOrders.id))
    .limit(limit);
  if (recent) rows.reverse();
  return rows.map((row) => queriedOrder(pair, row));
}
