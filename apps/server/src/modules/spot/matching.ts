import type { ErrorCode, SpotCancelReason } from '@hx/protocol';
import type { Book, Command, Event, Side } from '@hx/engine';
import { refKey } from '@hx/ledger';
import type { Pair } from './pair.ts';
import type { StopBook } from './stops.ts';
import {
  DEMO_FLOW,
  Lines,
  MARKET_MAKER,
  accountOf,
  baseToLedger,
  feeOf,
  isMarket,
  isUser,
  ledgerToQuote,
  quoteToLedger,
  type Batch,
  type OrderState,
  type Status,
} from './batch.ts';

export * from './batch.ts';

/**
 * What one command does to money, pure: given the pair's book and the open orders' state, it
 * applies the command to the book and books every consequence (freeze, fills, fees, releases) as
 * ledger lines, order states, trades and fee records in a `Batch`. The writer persists a batch
 * in one transaction; nothing here does I/O. Stop and OCO orders: stop-orders.ts.
 */

/**
 * How much of `wanted` an order of the demo flow may take: the market maker's orders on the other
 * side in priority order, up to the first order of anyone else (so it never fills a user).
 */
export function makerOnly(book: Book, side: Side, wanted: bigint): bigint {
  let total = 0n;
  for (const resting of book.orders()) {
    if (resting.side === side) continue;
    if (resting.user !== MARKET_MAKER || total >= wanted) break;
    total += resting.remaining;
  }
  return total < wanted ? total : wanted;
}

/** Available balances of the accounts that place orders in this batch, at LEDGER_SCALE. */
export type Available = Map<string, bigint>;

export interface Context {
  pair: Pair;
  book: Book;
  /** Open orders of the pair, by id (the writer's state; updated here). */
  open: Map<number, OrderState>;
  available: Available;
  batch: Batch;
  now: number;
  /** The pair's pending stop orders: they hold their funds but are not in the book. */
  stops: StopBook;
  /** The pair's last trade price (null before its first trade), moved by the batch's trades. */
  last: { price: bigint | null };
}

/** The coin an order locks (quote for buys, base for sells) and its amount at ledger scale. */
export function lockedCoin(
  pair: Pair,
  order: OrderState,
): { coin: number; ledger: (x: bigint) => bigint } {
  return order.side === 'buy'
    ? { coin: pair.quoteCoin, ledger: (x) => quoteToLedger(pair, x) }
    : { coin: pair.baseCoin, ledger: (x) => baseToLedger(pair, x) };
}

/** The available balance (ledger scale) of the account an order locks from. */
export function availableFor(ctx: Context, order: OrderState): bigint {
  const { coin } = lockedCoin(ctx.pair, order);
  return ctx.available.get(refKey(accountOf(order.userId, coin))) ?? 0n;
}

/** What a market buy of `amount` costs on the book now, walking the asks (quote units). */
export function marketBuyCost(book: Book, amount: bigint): bigint {
  let left = amount;
  let cost = 0n;
  for (const [price, total] of book.depth(10_000).asks) {
    const take = total < left ? total : left;
    cost += price * take;
    left -= take;
    if (left === 0n) break;
  }
  return cost;
}

const REJECTIONS: Record<string, ErrorCode> = {
  InvalidPrice: 'PRICE_PRECISION',
  InvalidAmount: 'AMOUNT_PRECISION',
  InvalidFunds: 'INSUFFICIENT_BALANCE',
  NoLiquidity: 'NO_LIQUIDITY',
  UnknownOrder: 'ORDER_CLOSED',
  DuplicateOrderId: 'TRADING_BUSY',
  PostOnlyWouldTake: 'POST_ONLY_WOULD_TAKE',
};
export const rejectionCode = (code: string): ErrorCode => REJECTIONS[code] ?? 'TRADING_BUSY';

/** The engine command of a limit order (a triggered stop-limit's too). */
export function limitCommand(order: OrderState): Command {
  return {
    type: 'limit',
    id: order.id,
    user: order.userId ?? MARKET_MAKER,
    side: order.side,
    price: order.price!,
    amount: order.amount,
    time: order.createdAt,
    timeInForce: order.timeInForce,
    postOnly: order.postOnly,
  };
}

/**
 * Places a new limit or market order: checks the holder's balance, freezes what the order may
 * spend, matches it, and books the fills. Returns an error code when refused (nothing changed),
 * else null.
 */
export function place(ctx: Context, order: OrderState): ErrorCode | null {
  const { pair, book } = ctx;
  if (order.userId === DEMO_FLOW) {
    order.amount = makerOnly(book, order.side, order.amount);
    if (order.amount === 0n) return 'NO_LIQUIDITY';
  }
  const available = availableFor(ctx, order);

  let command: Command;
  if (order.type === 'limit') {
    order.locked = order.side === 'buy' ? order.price! * order.amount : order.amount;
    command = limitCommand(order);
  } else if (order.side === 'sell') {
    order.locked = order.amount;
    command = {
      type: 'market',
      id: order.id,
      user: order.userId ?? MARKET_MAKER,
      side: 'sell',
      amount: order.amount,
    };
  } else {
    if (book.bestAsk() === null) return 'NO_LIQUIDITY';
    let funds: bigint;
    if (order.funds !== null) {
      // A market buy by spend: all of it is frozen; what the book does not take is released.
      funds = order.funds;
      if (funds < book.bestAsk()! * pair.spec.step) return 'SPEND_TOO_SMALL';
    } else {
      // A market buy of `amount` base, bounded by the quote balance.
      const cost = marketBuyCost(book, order.amount);
      const affordable = ledgerToQuote(pair, available);
      funds = cost < affordable ? cost : affordable;
      if (funds < book.bestAsk()! * pair.spec.step) return 'INSUFFICIENT_BALANCE';
    }
    order.funds = funds;
    order.locked = funds;
    command = {
      type: 'market',
      id: order.id,
      user: order.userId ?? MARKET_MAKER,
      side: 'buy',
      funds,
    };
  }
  const lock = lockedCoin(pair, order).ledger(order.locked);
  if (lock > available) return 'INSUFFICIENT_BALANCE';

  const events = book.apply(command);
  const rejected = events.find((e) => e.type === 'rejected');
  if (rejected) return rejectionCode(rejected.code);

  const lines = new Lines();
  hold(ctx, order, lock, lines);
  applyEvents(ctx, events, lines);
  // A buy by spend asked for no base amount: what it bought is its amount.
  if (order.type === 'market' && order.amount === 0n) order.amount = order.filled;
  ctx.batch.addEntry('spot_order', order.id, lines);
  return null;
}

/** Freezes `lock` (ledger scale) for a new order and makes it one of the batch's open orders. */
export function hold(ctx: Context, order: OrderState, lock: bigint, lines: Lines): void {
  const account = accountOf(order.userId, lockedCoin(ctx.pair, order).coin);
  lines.add(account, 'available', -lock);
  lines.add(account, 'frozen', lock);
  const key = refKey(account);
  ctx.available.set(key, (ctx.available.get(key) ?? 0n) - lock);
  order.status = 'waiting';
  ctx.open.set(order.id, order);
  ctx.batch.created.add(order.id);
  ctx.batch.touch(order);
}

/**
 * Cancels an open order of `userId` (null: the market maker): a pending stop leaves the trigger
 * book, any other order the book; the other order of an OCO pair goes with it.
 */
export function cancel(ctx: Context, orderId: number, userId: number | null): ErrorCode | null {
  const order = ctx.open.get(orderId);
  if (!order || order.userId !== userId) return order ? 'ORDER_NOT_FOUND' : 'ORDER_CLOSED';
  const lines = new Lines();
  if (order.trigger === 'pending') {
    ctx.stops.remove(orderId);
    close(ctx, orderId, 'cancelled', 'user', lines);
  } else {
    const events = ctx.book.apply({ type: 'cancel', id: orderId });
    const rejected = events.find((e) => e.type === 'rejected');
    if (rejected) return rejectionCode(rejected.code);
    applyEvents(ctx, events, lines);
  }
  ctx.batch.addEntry('spot_cancel', orderId, lines);
  return null;
}

/** Books the events of one command. */
export function applyEvents(ctx: Context, events: Event[], lines: Lines): void {
  for (const event of events) {
    switch (event.type) {
      case 'trade':
        fill(ctx, event, lines);
        break;
      case 'done':
        close(ctx, Number(event.id), 'completed', null, lines);
        break;
      case 'cancelled':
        close(ctx, Number(event.id), 'cancelled', event.reason, lines);
        break;
      default:
        break;
    }
  }
}

function fill(ctx: Context, trade: Extract<Event, { type: 'trade' }>, lines: Lines): void {
  const { pair } = ctx;
  const maker = ctx.open.get(Number(trade.makerId))!;
  const taker = ctx.open.get(Number(trade.takerId))!;
  const makerFee = side(ctx, maker, trade, pair.makerFee, lines);
  const takerFee = side(ctx, taker, trade, pair.takerFee, lines);
  ctx.batch.trades.push({
    symbol: pair.symbol,
    price: trade.price,
    amount: trade.amount,
    quote: trade.quote,
    takerSide: trade.takerSide,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerFee,
    takerFee,
    time: ctx.now,
  });
}

/** One side of a fill: gives from its frozen, receives less the fee. Returns the fee. */
function side(
  ctx: Context,
  order: OrderState,
  trade: Extract<Event, { type: 'trade' }>,
  rate: bigint,
  lines: Lines,
): bigint {
  const { pair } = ctx;
  const buy = order.side === 'buy';
  const gives = buy ? trade.quote : trade.amount;
  const receives = buy ? trade.amount : trade.quote;
  const givesLedger = buy ? quoteToLedger(pair, gives) : baseToLedger(pair, gives);
  const receivedLedger = buy ? baseToLedger(pair, receives) : quoteToLedger(pair, receives);
  // At the ledger's 18 decimals, so a small fill pays its rate and not a whole amount step.
  const feeLedger = feeOf(receivedLedger, rate);
  const giveCoin = buy ? pair.quoteCoin : pair.baseCoin;
  const getCoin = buy ? pair.baseCoin : pair.quoteCoin;

  lines.add(accountOf(order.userId, giveCoin), 'frozen', -givesLedger);
  lines.add(accountOf(order.userId, getCoin), 'available', receivedLedger - feeLedger);
  lines.add({ platform: 'fees', coin: getCoin }, 'available', feeLedger);
  credit(ctx, order.userId, getCoin, receivedLedger - feeLedger);

  order.filled += trade.amount;
  order.filledQuote += trade.quote;
  order.fee += feeLedger;
  order.locked -= gives;
  order.updatedAt = ctx.now;
  ctx.batch.touch(order);
  if (isUser(order.userId) && feeLedger > 0n)
    ctx.batch.fees.push({
      userId: order.userId,
      orderId: order.id,
      coinId: getCoin,
      amount: feeLedger,
    });
  if (order.ocoId !== null && ctx.open.has(order.ocoId)) {
    // Any fill of an OCO's limit order ends the stop; the limit order keeps what it needs.
    closePartner(ctx, order, lines);
    if (buy)
      release(ctx, order, order.locked - order.price! * (order.amount - order.filled), lines);
  }
  return feeLedger;
}

/** Received coins can be spent by the holder's next order in the same batch. */
function credit(ctx: Context, userId: number | null, coin: number, amount: bigint): void {
  const key = refKey(accountOf(userId, coin));
  const known = ctx.available.get(key);
  if (known !== undefined) ctx.available.set(key, known + amount);
}

/** Gives `amount` (lock units) of what an order holds frozen back to available. */
export function release(ctx: Context, order: OrderState, amount: bigint, lines: Lines): void {
  if (amount <= 0n) return;
  const { coin, ledger } = lockedCoin(ctx.pair, order);
  const account = accountOf(order.userId, coin);
  lines.add(account, 'frozen', -ledger(amount));
  lines.add(account, 'available', ledger(amount));
  credit(ctx, order.userId, coin, ledger(amount));
  order.locked -= amount;
}

/**
 * An order ends: what it still holds frozen goes back to available, and (unless `alone`) the
 * other order of its OCO pair ends with it.
 */
export function close(
  ctx: Context,
  id: number,
  status: Status,
  reason: SpotCancelReason | null,
  lines: Lines,
  alone = false,
): void {
  const order = ctx.open.get(id);
  if (!order) return;
  release(ctx, order, order.locked, lines);
  // A market order that traded is done: its unfilled rest only says how far the book reached.
  order.status = isMarket(order) && order.filled > 0n ? 'completed' : status;
  order.cancelReason = reason;
  order.updatedAt = ctx.now;
  // A stop that ends before it fired waits for nothing any more.
  if (order.trigger === 'pending') order.trigger = null;
  ctx.open.delete(id);
  ctx.batch.touch(order);
  if (!alone) closePartner(ctx, order, lines);
}

/** Cancels the other order of an OCO pair (`oco`), from the trigger book or the order book. */
function closePartner(ctx: Context, order: OrderState, lines: Lines): void {
  const other = order.ocoId === null ? undefined : ctx.open.get(order.ocoId);
  if (!other) return;
  if (other.trigger === 'pending') ctx.stops.remove(other.id);
  else ctx.book.apply({ type: 'cancel', id: other.id });
  close(ctx, other.id, 'cancelled', 'oco', lines, true);
}
