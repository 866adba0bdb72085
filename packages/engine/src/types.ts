/**
 * The engine's public types. Prices and amounts are bigint minor units (see README.md):
 * price in units of 10^-priceScale quote per whole base, amount in units of 10^-amountScale base,
 * and the quote value of a fill is exactly price × amount at scale priceScale + amountScale.
 */

export type Side = 'buy' | 'sell';

/**
 * How long a limit order may wait: `gtc` rests its remainder, `ioc` cancels it
 * (`ioc-remainder`), `fok` fills whole at once or not at all (`fok`, with no trade).
 */
export type TimeInForce = 'gtc' | 'ioc' | 'fok';

export interface PairSpec {
  symbol: string;
  /** Decimals of a price: 65000.12 USDT per BTC with priceScale 2 is 6500012n. */
  priceScale: number;
  /** Decimals of an amount: 0.001 BTC with amountScale 6 is 1000n. */
  amountScale: number;
  /** Every price is a positive multiple of tick (price minor units). */
  tick: bigint;
  /** Every amount is a positive multiple of step (amount minor units). */
  step: bigint;
}

/** Order ids come from the caller (the server's order row id); numbers must be safe integers. */
export type OrderId = bigint | number;

export type Command =
  | {
      type: 'limit';
      id: OrderId;
      user: number;
      side: Side;
      price: bigint;
      amount: bigint;
      /** Caller's timestamp, kept on the resting order; priority is arrival order, not time. */
      time?: number;
      /** `gtc` when absent. */
      timeInForce?: TimeInForce;
      /** Refused (`PostOnlyWouldTake`) if it would trade on arrival: it only ever makes. */
      postOnly?: boolean;
    }
  | { type: 'market'; id: OrderId; user: number; side: 'sell'; amount: bigint }
  | {
      type: 'market';
      id: OrderId;
      user: number;
      side: 'buy';
      /** Quote minor units (scale priceScale + amountScale) to spend at most. */
      funds: bigint;
    }
  | { type: 'cancel'; id: OrderId };

/** Why a command was refused; a refused command changes nothing. */
export const RejectCode = {
  /** Limit price ≤ 0 or not a multiple of tick. */
  InvalidPrice: 'InvalidPrice',
  /** Amount ≤ 0 or not a multiple of step. */
  InvalidAmount: 'InvalidAmount',
  /** Market buy funds ≤ 0. */
  InvalidFunds: 'InvalidFunds',
  /** An order with this id is resting in the book. */
  DuplicateOrderId: 'DuplicateOrderId',
  /** Cancel of an id that is not resting (never placed, filled or cancelled already). */
  UnknownOrder: 'UnknownOrder',
  /** Market order while the opposite side of the book is empty. */
  NoLiquidity: 'NoLiquidity',
  /** A post-only limit order whose price reaches the best opposite price. */
  PostOnlyWouldTake: 'PostOnlyWouldTake',
} as const;
export type RejectCode = (typeof RejectCode)[keyof typeof RejectCode];

export const CancelReason = {
  /** A cancel command. */
  User: 'user',
  /** Self-trade prevention: an incoming order of the same user reached this resting order. */
  SelfTrade: 'self-trade',
  /** The part of a market order that found no liquidity: the opposite side ran out. */
  MarketRemainder: 'market-remainder',
  /** A market buy's funds left over that buy less than one amount step at the best ask. */
  Dust: 'dust',
  /** What an IOC limit order could not fill at once. */
  IocRemainder: 'ioc-remainder',
  /** A FOK limit order the book could not fill whole: nothing traded. */
  Fok: 'fok',
} as const;
export type CancelReason = (typeof CancelReason)[keyof typeof CancelReason];

export type Event =
  | { type: 'accepted'; id: bigint; user: number; side: Side; orderType: 'limit' | 'market' }
  | {
      type: 'trade';
      makerId: bigint;
      takerId: bigint;
      makerUser: number;
      takerUser: number;
      /** The maker's price. */
      price: bigint;
      amount: bigint;
      /** price × amount, quote minor units at scale priceScale + amountScale. */
      quote: bigint;
      takerSide: Side;
    }
  /** The rest of a limit order now waits in the book. */
  | { type: 'resting'; id: bigint; side: Side; price: bigint; remaining: bigint }
  | {
      type: 'cancelled';
      id: bigint;
      user: number;
      side: Side;
      /** What is left, in the order's own unit: base amount, or unspent funds of a market buy. */
      remaining: bigint;
      unit: 'base' | 'quote';
      reason: CancelReason;
    }
  | { type: 'rejected'; id: bigint; code: RejectCode }
  /** Filled completely (a taker, or a maker whose last amount was just traded). */
  | { type: 'done'; id: bigint };

export interface RestingOrder {
  readonly id: bigint;
  readonly user: number;
  readonly side: Side;
  readonly price: bigint;
  /** Amount when placed. */
  readonly amount: bigint;
  /** Amount still open. */
  readonly remaining: bigint;
  readonly time: number;
}

export interface DepthView {
  /** [price, total remaining] best first: bids descending, asks ascending. */
  bids: [bigint, bigint][];
  asks: [bigint, bigint][];
}

/** A plain JSON-able copy of a book: bigints as decimal strings, orders in priority order. */
export interface BookSnapshot {
  version: 1;
  spec: { symbol: string; priceScale: number; amountScale: number; tick: string; step: string };
  /** Bids best price first, then asks best price first; arrival order within a price. */
  orders: SnapshotOrder[];
}

export interface SnapshotOrder {
  id: string;
  user: number;
  side: Side;
  price: string;
  amount: string;
  remaining: string;
  time: number;
}

export type BookKind = 'fast' | 'reference';

export interface Book {
  readonly kind: BookKind;
  readonly spec: Readonly<PairSpec>;
  /** Applies one command and returns what happened, in order. Throws only on malformed input. */
  apply(command: Command): Event[];
  bestBid(): bigint | null;
  bestAsk(): bigint | null;
  /** Top `levels` prices per side, aggregated. */
  depth(levels: number): DepthView;
  /** What rests at one price on one side (0 when nothing does). */
  levelTotal(side: Side, price: bigint): bigint;
  order(id: OrderId): RestingOrder | undefined;
  /** Resting orders in priority order: bids best first, then asks best first. */
  orders(): RestingOrder[];
  /** 16 hex digits of 64-bit FNV-1a over the spec and the ordered book content. */
  stateHash(): string;
  snapshot(): BookSnapshot;
  /** Number of resting orders. */
  size(): number;
}
