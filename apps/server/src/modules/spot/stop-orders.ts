import type { ErrorCode } from '@hx/protocol';
import type { Command } from '@hx/engine';
import {
  Lines,
  applyEvents,
  availableFor,
  close,
  hold,
  limitCommand,
  lockedCoin,
  marketBuyCost,
  rejectionCode,
  release,
  type Context,
  type OrderState,
} from './matching.ts';
import { reached } from './stops.ts';

/**
 * Stop and OCO orders inside a batch, pure like matching.ts.
 *
 * - A stop order waits for the pair's last trade price (`ctx.last`, recorded trades only): a buy
 *   fires when the price rises to its stop, a sell when it falls to it; a take-profit
 *   (`takeProfit`, the Binance API's TAKE_PROFIT[_LIMIT]) the other way round. One whose stop
 *   the last price has reached already is refused (`STOP_WOULD_TRIGGER`). It freezes its funds when
 *   placed but is not in the book: it waits in `ctx.stops` (stops.ts) with `trigger: pending`.
 * - When fired it becomes an order (`trigger: triggered`) in the same batch: a stop-limit a limit
 *   order at its price and time in force, a stop-market a market order.
 * - Freezes: a stop-limit like a limit order (price × amount of quote for a buy, the amount for a
 *   sell); a stop-market sell its amount; a stop-market buy amount × stop price × 1.05 (room for
 *   the price to run past the stop), and when fired it buys at most its amount with at most that,
 *   the rest returning to available.
 * - OCO: a limit order and a stop-limit on one amount, frozen once (a buy freezes the dearer of
 *   the two prices × amount) and held by the limit order while both wait. Any fill of the limit
 *   order cancels the stop (matching.ts); the stop firing cancels the limit order and takes the
 *   freeze over. A cancel of either cancels both (`oco` for the other). The last price must lie
 *   between its two prices (`STOP_WOULD_TRIGGER` for the stop, `OCO_PRICE_RELATION` the limit).
 */

/** A stop-market buy freezes this much more than amount × stop price, in percent. */
export const STOP_MARKET_ROOM = 5n;

/** What a stop order (or an OCO pair, `limit` the dearer price) freezes, in its lock unit. */
function lockOf(order: OrderState, limit: bigint | null): bigint {
  if (order.side === 'sell') return order.amount;
  if (limit !== null) return limit * order.amount;
  return (order.stopPrice! * order.amount * (100n + STOP_MARKET_ROOM) + 99n) / 100n;
}

const tooLate = (ctx: Context, order: OrderState) =>
  ctx.last.price !== null &&
  reached(order.side, order.stopPrice!, ctx.last.price, order.takeProfit);

/**
 * An OCO's limit order already at or past the last price would fill at once (as Binance, a sell
 * needs limit > last > stop, a buy limit < last < stop). No trade yet: nothing to compare with.
 */
const limitPast = (ctx: Context, limit: OrderState) =>
  ctx.last.price !== null &&
  (limit.side === 'sell' ? limit.price! <= ctx.last.price : limit.price! >= ctx.last.price);

/** Places a stop-limit or stop-market order: freezes its funds and files it under its stop. */
export function placeStop(ctx: Context, order: OrderState): ErrorCode | null {
  if (tooLate(ctx, order)) return 'STOP_WOULD_TRIGGER';
  order.locked = lockOf(order, order.price);
  // The most a stop-market buy may spend when it fires.
  if (order.type === 'stop_market' && order.side === 'buy') order.funds = order.locked;
  const lock = lockedCoin(ctx.pair, order).ledger(order.locked);
  if (lock > availableFor(ctx, order)) return 'INSUFFICIENT_BALANCE';
  order.trigger = 'pending';
  const lines = new Lines();
  hold(ctx, order, lock, lines);
  ctx.stops.add(order.id, order.side, order.stopPrice!, order.takeProfit);
  ctx.batch.addEntry('spot_order', order.id, lines);
  return null;
}

/** Places an OCO pair: the limit order goes to the book (and may fill), the stop waits. */
export function placeOco(ctx: Context, limit: OrderState, stop: OrderState): ErrorCode | null {
  if (tooLate(ctx, stop)) return 'STOP_WOULD_TRIGGER';
  if (limitPast(ctx, limit)) return 'OCO_PRICE_RELATION';
  limit.locked = lockOf(limit, limit.price! > stop.price! ? limit.price! : stop.price!);
  const lock = lockedCoin(ctx.pair, limit).ledger(limit.locked);
  if (lock > availableFor(ctx, limit)) return 'INSUFFICIENT_BALANCE';
  const events = ctx.book.apply(limitCommand(limit));
  const rejected = events.find((e) => e.type === 'rejected');
  if (rejected) return rejectionCode(rejected.code);

  const lines = new Lines();
  hold(ctx, limit, lock, lines);
  stop.trigger = 'pending';
  hold(ctx, stop, 0n, lines);
  ctx.stops.add(stop.id, stop.side, stop.stopPrice!);
  applyEvents(ctx, events, lines);
  ctx.batch.addEntry('spot_order', limit.id, lines);
  return null;
}

/**
 * After a command: the batch's trades from index `from` on move the last price; the stops they
 * reach fire in id order, and so do the ones the fired orders' own trades reach, until none is.
 */
export function fireStops(ctx: Context, from: number): void {
  const trades = ctx.batch.trades;
  for (let seen = from; seen < trades.length;) {
    let low = trades[seen]!.price;
    let high = low;
    for (let i = seen + 1; i < trades.length; i++) {
      const price = trades[i]!.price;
      if (price < low) low = price;
      if (price > high) high = price;
    }
    seen = trades.length;
    ctx.last.price = trades[seen - 1]!.price;
    if (ctx.stops.size === 0) continue;
    for (const id of ctx.stops.fire(low, high)) trigger(ctx, id);
  }
}

/** A stop reached: it becomes a limit or market order now, in this batch. */
function trigger(ctx: Context, id: number): void {
  const order = ctx.open.get(id);
  if (!order) return;
  const lines = new Lines();
  order.trigger = 'triggered';
  order.updatedAt = ctx.now;
  ctx.batch.touch(order);
  const limit = order.ocoId === null ? undefined : ctx.open.get(order.ocoId);
  if (limit) {
    // The OCO's limit order ends; its freeze is the stop's now (no ledger move), less the excess.
    order.locked += limit.locked;
    limit.locked = 0n;
    ctx.book.apply({ type: 'cancel', id: limit.id });
    close(ctx, limit.id, 'cancelled', 'oco', lines, true);
    if (order.side === 'buy') release(ctx, order, order.locked - lockOf(order, order.price), lines);
  }
  const command = commandOf(ctx, order);
  const events = command ? ctx.book.apply(command) : [];
  const rejected = events.find((e) => e.type === 'rejected');
  if (!command || rejected) {
    // Nothing to trade with (a stop-market on an empty side): it ends, its funds return.
    const reason = !rejected || rejected.code === 'NoLiquidity' ? 'no-liquidity' : 'rejected';
    close(ctx, id, 'cancelled', reason, lines);
  } else {
    applyEvents(ctx, events, lines);
  }
  ctx.batch.addEntry('spot_trigger', id, lines);
}

/** The engine command a fired stop becomes; null when a market buy finds no ask. */
function commandOf(ctx: Context, order: OrderState): Command | null {
  if (order.type === 'stop_limit') return limitCommand(order);
  const user = order.userId ?? 0;
  if (order.side === 'sell')
    return { type: 'market', id: order.id, user, side: 'sell', amount: order.amount };
  if (ctx.book.bestAsk() === null) return null;
  // Its amount at most, with at most what it froze.
  const cost = marketBuyCost(ctx.book, order.amount);
  order.funds = cost < order.locked ? cost : order.locked;
  return { type: 'market', id: order.id, user, side: 'buy', funds: order.funds };
}
