import type { ErrorCode } from '@hx/contracts';
import type { Book, Command, Event, Side } from '@hx/engine';
import { refKey, type AccountRef } from '@hx/ledger';
import { RATE_ONE, type Pair } from './pair.ts';

/**
 * What one command does to money, pure: given the pair's book and the open orders' state, it
 * applies the command to the book and books every consequence (freeze, fills, fees, releases) as
 * ledger lines, order states, trades and fee records in a `Batch`. The writer persists a batch
 * in one transaction; nothing here does I/O.
 *
 * Units: prices and amounts are the engine's minor units; an order's `locked` (buys) and
 * `filledQuote` are quote units (scale priceScale + amountScale); a sell's `locked` and every base
 * amount are amount units. Fees and ledger lines are at 18 decimals (`LEDGER_SCALE`).
 */

export const LEDGER_SCALE = 18;
/** The demo market maker is user 0 in the engine and the market_maker platform account. */
export const MARKET_MAKER = 0;
/**
 * The demo flow (demo-flow.ts), the simulated takers of the demo market: user -1 in the engine
 * and the demo_flow platform account; stored with no user, like the maker, as market orders.
 * `place` lets its orders take only the market maker's, so it never trades with a user.
 */
export const DEMO_FLOW = -1;
/** A real user's id (not the market maker's null nor the demo flow's). */
export const isUser = (id: number | null): id is number => id !== null && id > 0;

export type Status = 'waiting' | 'completed' | 'cancelled';

export interface OrderState {
  id: number;
  /** null: the market maker; DEMO_FLOW: the demo flow. */
  userId: number | null;
  side: Side;
  type: 'limit' | 'market';
  price: bigint | null;
  amount: bigint;
  funds: bigint | null;
  filled: bigint;
  filledQuote: bigint;
  fee: bigint;
  locked: bigint;
  status: Status;
  cancelReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TradeRecord {
  symbol: string;
  price: bigint;
  amount: bigint;
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerFee: bigint;
  takerFee: bigint;
  time: number;
}

export interface FeeRecord {
  userId: number;
  orderId: number;
  coinId: number;
  /** At LEDGER_SCALE. */
  amount: bigint;
}

export interface LedgerLine {
  account: AccountRef;
  bucket: 'available' | 'frozen';
  /** Signed, at LEDGER_SCALE. */
  amount: bigint;
}

export interface EntryDraft {
  kind: 'spot_order' | 'spot_cancel';
  orderId: number;
  lines: LedgerLine[];
}

/** Everything a batch of commands changed, ready to be written in one transaction. */
export class Batch {
  readonly orders = new Map<number, OrderState>();
  readonly created = new Set<number>();
  readonly trades: TradeRecord[] = [];
  readonly fees: FeeRecord[] = [];
  readonly entries: EntryDraft[] = [];
  /** Net change per account at LEDGER_SCALE, for the balance update. */
  readonly deltas = new Map<string, { account: AccountRef; available: bigint; frozen: bigint }>();

  touch(order: OrderState): void {
    this.orders.set(order.id, order);
  }

  /** Adds a job's lines (netted per account and bucket) as one entry. */
  addEntry(kind: EntryDraft['kind'], orderId: number, draft: Lines): void {
    const lines = draft.lines();
    if (lines.length === 0) return;
    this.entries.push({ kind, orderId, lines });
    for (const line of lines) {
      const key = refKey(line.account);
      const delta = this.deltas.get(key) ?? { account: line.account, available: 0n, frozen: 0n };
      delta[line.bucket] += line.amount;
      this.deltas.set(key, delta);
    }
  }
}

/** Lines of one entry, netted per account and bucket. */
export class Lines {
  private map = new Map<string, LedgerLine>();
  add(account: AccountRef, bucket: LedgerLine['bucket'], amount: bigint): void {
    if (amount === 0n) return;
    const key = `${refKey(account)}|${bucket}`;
    const line = this.map.get(key);
    if (line) line.amount += amount;
    else this.map.set(key, { account, bucket, amount });
  }
  lines(): LedgerLine[] {
    return [...this.map.values()].filter((l) => l.amount !== 0n);
  }
}

/** The ledger account of a holder in a coin. */
export function accountOf(userId: number | null, coin: number): AccountRef {
  if (userId === null) return { platform: 'market_maker', coin };
  if (userId === DEMO_FLOW) return { platform: 'demo_flow', coin };
  return { user: userId, sub: 'currency', coin };
}

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
}

const pow10 = (n: number) => 10n ** BigInt(n);
const feeOf = (received: bigint, rate: bigint) =>
  received === 0n || rate === 0n ? 0n : (received * rate + RATE_ONE - 1n) / RATE_ONE;

export function quoteScaleOf(pair: Pair): number {
  return pair.spec.priceScale + pair.spec.amountScale;
}
/** Quote units → ledger scale. */
export const quoteToLedger = (pair: Pair, x: bigint) =>
  x * pow10(LEDGER_SCALE - quoteScaleOf(pair));
/** Amount units → ledger scale. */
export const baseToLedger = (pair: Pair, x: bigint) =>
  x * pow10(LEDGER_SCALE - pair.spec.amountScale);
/** Ledger scale → quote units, rounded down. */
export const ledgerToQuote = (pair: Pair, x: bigint) =>
  x / pow10(LEDGER_SCALE - quoteScaleOf(pair));

/** The coin an order locks (quote for buys, base for sells) and its amount at ledger scale. */
function lockedCoin(
  pair: Pair,
  order: OrderState,
): { coin: number; ledger: (x: bigint) => bigint } {
  return order.side === 'buy'
    ? { coin: pair.quoteCoin, ledger: (x) => quoteToLedger(pair, x) }
    : { coin: pair.baseCoin, ledger: (x) => baseToLedger(pair, x) };
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
};

/**
 * Places a new order: checks the holder's balance, freezes what the order may spend, matches it,
 * and books the fills. Returns an error code when refused (nothing changed), else null.
 */
export function place(ctx: Context, order: OrderState): ErrorCode | null {
  const { pair, book } = ctx;
  if (order.userId === DEMO_FLOW) {
    order.amount = makerOnly(book, order.side, order.amount);
    if (order.amount === 0n) return 'NO_LIQUIDITY';
  }
  const holder = accountOf(order.userId, 0);
  const lockCoin = order.side === 'buy' ? pair.quoteCoin : pair.baseCoin;
  const key = refKey({ ...holder, coin: lockCoin });
  const available = ctx.available.get(key) ?? 0n;

  let command: Command;
  if (order.type === 'limit') {
    order.locked = order.side === 'buy' ? order.price! * order.amount : order.amount;
    command = {
      type: 'limit',
      id: order.id,
      user: order.userId ?? MARKET_MAKER,
      side: order.side,
      price: order.price!,
      amount: order.amount,
      time: order.createdAt,
    };
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
  const { coin, ledger } = lockedCoin(pair, order);
  const lock = ledger(order.locked);
  if (lock > available) return 'INSUFFICIENT_BALANCE';

  const events = book.apply(command);
  const rejected = events.find((e) => e.type === 'rejected');
  if (rejected) return REJECTIONS[rejected.code] ?? 'TRADING_BUSY';

  const lines = new Lines();
  lines.add(accountOf(order.userId, coin), 'available', -lock);
  lines.add(accountOf(order.userId, coin), 'frozen', lock);
  ctx.available.set(key, available - lock);
  order.status = 'waiting';
  ctx.open.set(order.id, order);
  ctx.batch.created.add(order.id);
  ctx.batch.touch(order);
  apply(ctx, events, lines);
  // A buy by spend asked for no base amount: what it bought is its amount.
  if (order.type === 'market' && order.amount === 0n) order.amount = order.filled;
  ctx.batch.addEntry('spot_order', order.id, lines);
  return null;
}

/** Cancels a resting order of `userId` (null: the market maker). */
export function cancel(ctx: Context, orderId: number, userId: number | null): ErrorCode | null {
  const order = ctx.open.get(orderId);
  if (!order || order.userId !== userId) return order ? 'ORDER_NOT_FOUND' : 'ORDER_CLOSED';
  const events = ctx.book.apply({ type: 'cancel', id: orderId });
  const rejected = events.find((e) => e.type === 'rejected');
  if (rejected) return REJECTIONS[rejected.code] ?? 'TRADING_BUSY';
  const lines = new Lines();
  apply(ctx, events, lines);
  ctx.batch.addEntry('spot_cancel', orderId, lines);
  return null;
}

/** Books the events of one command. */
function apply(ctx: Context, events: Event[], lines: Lines): void {
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
  return feeLedger;
}

/** Received coins can be spent by the holder's next order in the same batch. */
function credit(ctx: Context, userId: number | null, coin: number, amount: bigint): void {
  const key = refKey(accountOf(userId, coin));
  const known = ctx.available.get(key);
  if (known !== undefined) ctx.available.set(key, known + amount);
}

/** An order leaves the book: what it still holds frozen goes back to available. */
function close(
  ctx: Context,
  id: number,
  status: Status,
  reason: string | null,
  lines: Lines,
): void {
  const order = ctx.open.get(id);
  if (!order) return;
  const { coin, ledger } = lockedCoin(ctx.pair, order);
  const rest = ledger(order.locked);
  lines.add(accountOf(order.userId, coin), 'frozen', -rest);
  lines.add(accountOf(order.userId, coin), 'available', rest);
  credit(ctx, order.userId, coin, rest);
  order.locked = 0n;
  // A market order that traded is done: its unfilled rest only says how far the book reached.
  order.status = order.type === 'market' && order.filled > 0n ? 'completed' : status;
  order.cancelReason = reason;
  order.updatedAt = ctx.now;
  ctx.open.delete(id);
  ctx.batch.touch(order);
}
