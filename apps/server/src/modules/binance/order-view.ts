import { formatUnits, parseUnits } from '@hx/engine';
import type { spotOrders, spotTrades } from '@hx/db';
import { Decimal } from '@hx/money';
import type { Pair } from '../spot/pair.ts';

/**
 * Our spot orders and fills as Binance's objects (rest-api.md: "Query order", the order
 * responses, "Account trade list"; enums.md: order status, types). Field order as Binance's;
 * amounts as strings at the pair's decimals.
 */

export type OrderRow = typeof spotOrders.$inferSelect;
export type TradeRow = typeof spotTrades.$inferSelect;

export type BinanceStatus =
  'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'EXPIRED_IN_MATCH';

/**
 * Binance's status: an open order NEW until its first fill; a cancel by the user (or by its OCO
 * sibling) CANCELED; a self-trade EXPIRED_IN_MATCH (Binance's for a match prevented); what the
 * book ended (IOC/FOK remainder, market remainder, no liquidity) EXPIRED.
 */
export function statusOf(row: Pick<OrderRow, 'status' | 'filled' | 'cancelReason'>): BinanceStatus {
  if (row.status === 'waiting')
    return new Decimal(row.filled).isZero() ? 'NEW' : 'PARTIALLY_FILLED';
  if (row.status === 'completed') return 'FILLED';
  if (row.cancelReason === 'user' || row.cancelReason === 'oco') return 'CANCELED';
  if (row.cancelReason === 'self-trade') return 'EXPIRED_IN_MATCH';
  return 'EXPIRED';
}

/**
 * Binance's order type: an OCO's limit order is its LIMIT_MAKER leg, a post-only LIMIT_MAKER; a
 * stop firing the other way a TAKE_PROFIT[_LIMIT].
 */
export function typeOf(row: Pick<OrderRow, 'type' | 'postOnly' | 'ocoId' | 'takeProfit'>): string {
  if (row.type === 'limit') return row.postOnly || row.ocoId !== null ? 'LIMIT_MAKER' : 'LIMIT';
  if (row.type === 'market') return 'MARKET';
  const kind = row.takeProfit ? 'TAKE_PROFIT' : 'STOP_LOSS';
  return row.type === 'stop_limit' ? `${kind}_LIMIT` : kind;
}

/** The client order id: the one given, or one made from our id for an order placed in the app. */
export const clientIdOf = (row: Pick<OrderRow, 'id' | 'clientOrderId'>) =>
  row.clientOrderId ?? `web_${row.id}`;

/** The order our id an app order's made-up client id names (`web_<id>`), or null. */
export function idOfWebClientId(text: string): number | null {
  const match = /^web_(\d{1,9})$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** An OCO's list id: the id of its limit order (the lower of the two); -1 for other orders. */
export const listIdOf = (row: Pick<OrderRow, 'id' | 'ocoId'>) =>
  row.ocoId === null ? -1 : Math.min(row.id, row.ocoId);

/** A numeric column at exactly `scale` decimals (Binance pads, e.g. "0.10000000"). */
export const at = (text: string | null, scale: number) =>
  formatUnits(
    parseUnits(new Decimal(text ?? '0').toFixed(scale, Decimal.ROUND_DOWN), scale),
    scale,
  );

/** The number formats of a pair: prices, base quantities, quote amounts. */
export function formatsOf(pair: Pair) {
  const { priceScale, amountScale } = pair.spec;
  return {
    price: (text: string | null) => at(text, priceScale),
    qty: (text: string | null) => at(text, amountScale),
    quote: (text: string | null) => at(text, priceScale),
  };
}

/** Fields every order answer shares after its ids (placing, cancelling, querying). */
function body(pair: Pair, row: OrderRow) {
  const f = formatsOf(pair);
  return {
    price: f.price(row.price),
    origQty: f.qty(row.amount),
    executedQty: f.qty(row.filled),
    origQuoteOrderQty: f.quote(row.funds && row.type === 'market' ? row.funds : '0'),
    cummulativeQuoteQty: f.quote(row.filledQuote),
    status: statusOf(row),
    timeInForce: row.timeInForce.toUpperCase(),
    type: typeOf(row),
    side: row.side.toUpperCase(),
  };
}

const stopFields = (pair: Pair, row: OrderRow) =>
  row.stopPrice === null ? {} : { stopPrice: formatsOf(pair).price(row.stopPrice) };

/** A stop waiting for its price is not working yet (Binance: isWorking false, workingTime -1). */
const working = (row: OrderRow) => row.trigger !== 'pending';

/** GET /api/v3/order, openOrders, allOrders: the order as it is. */
export function queriedOrder(pair: Pair, row: OrderRow) {
  const { origQuoteOrderQty, ...rest } = body(pair, row);
  return {
    symbol: pair.symbol,
    orderId: row.id,
    orderListId: listIdOf(row),
    clientOrderId: clientIdOf(row),
    ...rest,
    ...stopFields(pair, row),
    time: row.createdAt,
    updateTime: row.updatedAt,
    isWorking: working(row),
    workingTime: working(row) ? row.createdAt : -1,
    origQuoteOrderQty,
    selfTradePreventionMode: 'NONE',
  };
}

/** The order placed: ACK (ids and time), RESULT (its state), FULL (and its fills). */
export function placedOrder(
  pair: Pair,
  row: OrderRow,
  respType: 'ACK' | 'RESULT' | 'FULL',
  fills: TradeRow[] = [],
) {
  const ack = {
    symbol: pair.symbol,
    orderId: row.id,
    orderListId: listIdOf(row),
    clientOrderId: clientIdOf(row),
    transactTime: row.createdAt,
  };
  if (respType === 'ACK') return ack;
  const result = {
    ...ack,
    ...body(pair, row),
    ...stopFields(pair, row),
    workingTime: working(row) ? row.createdAt : -1,
    selfTradePreventionMode: 'NONE',
  };
  if (respType === 'RESULT') return result;
  return { ...result, fills: fills.map((t) => fillOf(pair, row, t)) };
}

/** The order cancelled (DELETE /api/v3/order). */
export function cancelledOrder(pair: Pair, row: OrderRow, clientOrderId: string, at: number) {
  return {
    symbol: pair.symbol,
    origClientOrderId: clientIdOf(row),
    orderId: row.id,
    orderListId: listIdOf(row),
    clientOrderId,
    transactTime: at,
    ...body(pair, row),
    ...stopFields(pair, row),
    selfTradePreventionMode: 'NONE',
  };
}

/** The commission of a fill to the order's side, and its coin: what that side received. */
function commissionOf(pair: Pair, row: OrderRow, trade: TradeRow) {
  const maker = trade.makerOrderId === row.id;
  const scale = row.side === 'buy' ? pair.spec.amountScale : pair.spec.priceScale;
  return {
    maker,
    commission: new Decimal(maker ? trade.makerFee : trade.takerFee).toFixed(Math.max(scale, 8)),
    commissionAsset: row.side === 'buy' ? pair.base : pair.quote,
  };
}

function fillOf(pair: Pair, row: OrderRow, trade: TradeRow) {
  const f = formatsOf(pair);
  const { commission, commissionAsset } = commissionOf(pair, row, trade);
  return {
    price: f.price(trade.price),
    qty: f.qty(trade.amount),
    commission,
    commissionAsset,
    tradeId: trade.id,
  };
}

/** One of the account's fills (GET /api/v3/myTrades). */
export function accountTrade(pair: Pair, row: OrderRow, trade: TradeRow) {
  const f = formatsOf(pair);
  const { maker, commission, commissionAsset } = commissionOf(pair, row, trade);
  return {
    symbol: pair.symbol,
    id: trade.id,
    orderId: row.id,
    orderListId: listIdOf(row),
    price: f.price(trade.price),
    qty: f.qty(trade.amount),
    quoteQty: f.quote(trade.quote),
    commission,
    commissionAsset,
    time: trade.time,
    isBuyer: row.side === 'buy',
    isMaker: maker,
    isBestMatch: true,
  };
}
