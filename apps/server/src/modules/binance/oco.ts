import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { spotOrders } from '@hx/db';
import type { Pair } from '../spot/pair.ts';
import { binanceErrorOf, binanceErrors, REJECTIONS } from './errors.ts';
import { clientIdOf, listIdOf, placedOrder, type OrderRow } from './order-view.ts';
import {
  clientIdParam,
  decimalParam,
  filledAny,
  fillsOf,
  orderRow,
  sideParam,
  type OrderDeps,
  type Params,
  type Trader,
} from './orders.ts';
import { pairOf } from './symbols.ts';

/**
 * Binance's order lists, OCO only (POST orderList/oco, GET/DELETE orderList, openOrderList), on
 * our OCO: a limit order and a stop-limit order on one quantity. A SELL is a LIMIT_MAKER above
 * and a STOP_LOSS_LIMIT below, a BUY the other way round; other leg types are -1158. The list's
 * id is its limit order's id; its client id (`listClientOrderId`, made up when not given) is kept
 * on the limit order, unique among the user's open lists on the pair as order ids are.
 */

const need = (params: Params, name: string): string => {
  const value = params[name];
  if (value === undefined) throw binanceErrors.mandatory(name);
  return value;
};

/** A list placed before its client id was kept (migration 0024) answers as `list_<id>`. */
const listClientId = (limit: OrderRow) => limit.listClientOrderId ?? `list_${limit.id}`;

/** The two orders of a list: below first, then above (Binance's order of `orders`). */
function legsInOrder(rows: OrderRow[]): OrderRow[] {
  const [limit, stop] = [
    rows.find((r) => r.type === 'limit')!,
    rows.find((r) => r.type !== 'limit')!,
  ];
  return limit.side === 'sell' ? [stop, limit] : [limit, stop];
}

function listOf(pair: Pair, rows: OrderRow[]) {
  const legs = legsInOrder(rows);
  const open = legs.some((r) => r.status === 'waiting');
  const listId = listIdOf(legs[0]!);
  return {
    orderListId: listId,
    contingencyType: 'OCO',
    listStatusType: open ? 'EXEC_STARTED' : 'ALL_DONE',
    listOrderStatus: open ? 'EXECUTING' : 'ALL_DONE',
    listClientOrderId: listClientId(rows.find((r) => r.type === 'limit')!),
    transactionTime: Math.max(...legs.map((r) => r.updatedAt)),
    symbol: pair.symbol,
    orders: legs.map((r) => ({ symbol: pair.symbol, orderId: r.id, clientOrderId: clientIdOf(r) })),
  };
}

async function legsOf(deps: Pick<OrderDeps, 'db'>, userId: number, listId: number) {
  const rows = await deps.db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.id, listId)));
  const limit = rows[0];
  if (!limit || limit.ocoId === null || limit.type !== 'limit') return null;
  return [limit, await orderRow(deps.db, limit.ocoId)];
}

/** POST /api/v3/orderList/oco. */
export async function placeOcoList(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const side = sideParam(params);
  const [limitAt, stopAt] = side === 'sell' ? ['above', 'below'] : ['below', 'above'];
  if (need(params, `${limitAt}Type`) !== 'LIMIT_MAKER') throw binanceErrors.ocoType();
  if (need(params, `${stopAt}Type`) !== 'STOP_LOSS_LIMIT') throw binanceErrors.ocoType();
  const tif = params[`${stopAt}TimeInForce`];
  if (tif === undefined) throw binanceErrors.mandatory(`${stopAt}TimeInForce`);
  if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') throw binanceErrors.invalidTif();
  const price = (name: string) => {
    const value = decimalParam(params, name);
    if (value === undefined) throw binanceErrors.mandatory(name);
    return value;
  };
  const quantity = price('quantity');
  const input = {
    symbol: pair.symbol,
    side,
    type: 'oco' as const,
    amount: quantity,
    price: price(`${limitAt}Price`),
    stop_price: price(`${stopAt}StopPrice`),
    stop_limit_price: price(`${stopAt}Price`),
    time_in_force: tif.toLowerCase() as 'gtc' | 'ioc' | 'fok',
    client_order_id: clientIdParam(params, `${limitAt}ClientOrderId`),
    stop_client_order_id: clientIdParam(params, `${stopAt}ClientOrderId`),
    list_client_order_id: clientIdParam(params, 'listClientOrderId'),
  };
  const respType = params.newOrderRespType ?? 'ACK';
  if (respType !== 'ACK' && respType !== 'RESULT' && respType !== 'FULL')
    throw binanceErrors.invalidParam('newOrderRespType');
  try {
    deps.orderCounts?.check(trader.userId);
    // Ids one of the caller's open orders or lists has are refused by the pair's writer.
    const placed = await deps.spot.place(trader.userId, input);
    const limit = await orderRow(deps.db, placed.id);
    const rows = [limit, await orderRow(deps.db, limit.ocoId!)];
    deps.orderCounts?.add(trader.userId, 2, filledAny(limit) + filledAny(rows[1]!));
    const reports = await Promise.all(
      legsInOrder(rows).map(async (r) =>
        placedOrder(
          pair,
          r,
          respType === 'ACK' ? 'RESULT' : respType,
          await fillsOf(deps.db, r.id),
        ),
      ),
    );
    return { ...listOf(pair, rows), orderReports: reports };
  } catch (err) {
    throw binanceErrorOf(err, 'place');
  }
}

/** The limit order of the caller's latest list with this client id (open ones first). */
async function listIdByClientId(deps: OrderDeps, userId: number, clientId: string) {
  const [row] = await deps.db
    .select({ id: spotOrders.id })
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.listClientOrderId, clientId)))
    .orderBy(desc(eq(spotOrders.status, 'waiting')), desc(spotOrders.id))
    .limit(1);
  return row?.id ?? Number(/^list_(\d{1,9})$/.exec(clientId)?.[1] ?? NaN);
}

/** The list an `orderListId` or its client id (`origClientOrderId`/`listClientOrderId`) names. */
async function findList(deps: OrderDeps, trader: Trader, params: Params, missing: () => Error) {
  const byClient = params.origClientOrderId ?? params.listClientOrderId;
  if (params.orderListId === undefined && byClient === undefined)
    throw binanceErrors.eitherOf('orderListId', 'listClientOrderId');
  let listId: number;
  if (params.orderListId !== undefined) {
    if (!/^\d{1,9}$/.test(params.orderListId)) throw binanceErrors.illegalChars('orderListId');
    listId = Number(params.orderListId);
  } else listId = await listIdByClientId(deps, trader.userId, byClient!);
  if (!Number.isSafeInteger(listId)) throw missing();
  const legs = await legsOf(deps, trader.userId, listId);
  if (!legs) throw missing();
  return legs;
}

/** GET /api/v3/orderList. */
export async function queryOrderList(deps: OrderDeps, trader: Trader, params: Params) {
  const legs = await findList(deps, trader, params, binanceErrors.noSuchOrder);
  return listOf(deps.spot.pairs.get(legs[0]!.symbol)!, legs);
}

/** DELETE /api/v3/orderList: cancels both orders. */
export async function cancelOrderList(deps: OrderDeps, trader: Trader, params: Params) {
  const pair = pairOf(deps.spot, params.symbol);
  const unknown = () => binanceErrors.cancelRejected(REJECTIONS.unknownOrder);
  const legs = await findList(deps, trader, params, unknown);
  if (legs[0]!.symbol !== pair.symbol) throw unknown();
  try {
    await deps.spot.cancel(trader.userId, legs[0]!.id);
  } catch (err) {
    throw binanceErrorOf(err, 'cancel');
  }
  const after = await Promise.all(legs.map((r) => orderRow(deps.db, r.id)));
  const reports = legsInOrder(after).map((r) => ({
    ...placedOrder(pair, r, 'RESULT'),
    origClientOrderId: clientIdOf(r),
  }));
  return { ...listOf(pair, after), orderReports: reports };
}

/** GET /api/v3/openOrderList: the caller's open OCOs. */
export async function openOrderLists(deps: OrderDeps, trader: Trader) {
  const rows = await deps.db
    .select()
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.userId, trader.userId),
        eq(spotOrders.status, 'waiting'),
        eq(spotOrders.type, 'limit'),
        isNotNull(spotOrders.ocoId),
      ),
    )
    .orderBy(asc(spotOrders.id));
  const lists = [];
  for (const limit of rows) {
    const pair = deps.spot.pairs.get(limit.symbol);
    if (pair) lists.push(listOf(pair, [limit, await orderRow(deps.db, limit.ocoId!)]));
  }
  return lists;
}
