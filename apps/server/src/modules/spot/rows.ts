import { formatUnits, parseUnits } from '@hx/engine';
import type { spotOrders } from '@hx/db';
import type { SpotCancelReason } from '@hx/protocol';
import type { Pair } from './pair.ts';
import { DEMO_FLOW, LEDGER_SCALE, quoteScaleOf, type OrderState } from './matching.ts';

type OrderRow = typeof spotOrders.$inferSelect;

/** Scales of an order's columns: base amounts, prices, quote values, and the fee's coin. */
function scales(pair: Pair, side: OrderState['side']) {
  const base = pair.spec.amountScale;
  const quote = quoteScaleOf(pair);
  return {
    price: pair.spec.priceScale,
    base,
    quote,
    fee: LEDGER_SCALE,
    locked: side === 'buy' ? quote : base,
  };
}

export function orderToRow(pair: Pair, o: OrderState): typeof spotOrders.$inferInsert {
  const s = scales(pair, o.side);
  return {
    id: o.id,
    // The demo flow's orders are stored with no user, like the market maker's (demo-flow.ts).
    userId: o.userId === DEMO_FLOW ? null : o.userId,
    symbol: pair.symbol,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : formatUnits(o.price, s.price),
    amount: formatUnits(o.amount, s.base),
    funds: o.funds === null ? null : formatUnits(o.funds, s.quote),
    filled: formatUnits(o.filled, s.base),
    filledQuote: formatUnits(o.filledQuote, s.quote),
    fee: formatUnits(o.fee, s.fee),
    locked: formatUnits(o.locked, s.locked),
    status: o.status,
    cancelReason: o.cancelReason,
    timeInForce: o.timeInForce,
    postOnly: o.postOnly,
    stopPrice: o.stopPrice === null ? null : formatUnits(o.stopPrice, s.price),
    trigger: o.trigger,
    ocoId: o.ocoId,
    clientOrderId: o.clientOrderId ?? null,
    takeProfit: o.takeProfit ?? false,
    listClientOrderId: o.listClientOrderId ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export function rowToOrder(pair: Pair, row: OrderRow): OrderState {
  const s = scales(pair, row.side);
  return {
    id: row.id,
    // No user: the market maker's limit orders, the demo flow's market orders.
    userId: row.userId ?? (row.type === 'market' ? DEMO_FLOW : null),
    side: row.side,
    type: row.type,
    price: row.price === null ? null : parseUnits(row.price, s.price),
    amount: parseUnits(row.amount, s.base),
    funds: row.funds === null ? null : parseUnits(row.funds, s.quote),
    filled: parseUnits(row.filled, s.base),
    filledQuote: parseUnits(row.filledQuote, s.quote),
    fee: parseUnits(row.fee, s.fee),
    locked: parseUnits(row.locked, s.locked),
    status: row.status,
    // A text column; only the reasons of SPOT_CANCEL_REASONS are ever written.
    cancelReason: row.cancelReason as SpotCancelReason | null,
    timeInForce: row.timeInForce,
    postOnly: row.postOnly,
    stopPrice: row.stopPrice === null ? null : parseUnits(row.stopPrice, s.price),
    trigger: row.trigger,
    ocoId: row.ocoId,
    clientOrderId: row.clientOrderId,
    takeProfit: row.takeProfit,
    listClientOrderId: row.listClientOrderId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The contract's order object. */
export function orderView(pair: Pair, o: OrderState) {
  const s = scales(pair, o.side);
  const avg =
    o.filled === 0n
      ? null
      : formatUnits((o.filledQuote * 10n ** BigInt(s.base)) / o.filled, s.price + s.base);
  return {
    id: o.id,
    symbol: pair.symbol,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : formatUnits(o.price, s.price),
    amount: formatUnits(o.amount, s.base),
    funds: o.funds === null ? null : trimTo(formatUnits(o.funds, s.quote), s.price),
    filled: formatUnits(o.filled, s.base),
    filled_quote: trimTo(formatUnits(o.filledQuote, s.quote), s.price),
    avg_price: avg === null ? null : trimTo(avg, s.price),
    fee: trimTo(formatUnits(o.fee, s.fee), o.side === 'buy' ? s.base : s.price),
    fee_currency: o.side === 'buy' ? pair.base : pair.quote,
    status: o.status,
    cancel_reason: o.cancelReason,
    time_in_force: o.timeInForce,
    post_only: o.postOnly,
    stop_price: o.stopPrice === null ? null : formatUnits(o.stopPrice, s.price),
    trigger: o.trigger,
    oco_id: o.ocoId,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** Drops trailing zeros beyond `min` decimals: '12.3400000' with min 2 → '12.34'. */
export function trimTo(text: string, min: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  let end = text.length;
  while (end > dot + 1 + min && text[end - 1] === '0') end--;
  return text.slice(0, end === dot + 1 ? dot : end);
}
