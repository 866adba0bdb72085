import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coins, money, users } from './schema.ts';

/** A fee rate such as 0.001 (0.1%). */
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * Spot pairs: the engine's units (price and amount decimals, tick and step) and the fees. Seeded
 * from the market catalogue on start; the operator console edits fees and enables pairs.
 */
export const spotPairs = pgTable('spot_pairs', {
  symbol: text('symbol').primaryKey(),
  baseCoinId: integer('base_coin_id')
    .notNull()
    .references(() => coins.id),
  quoteCoinId: integer('quote_coin_id')
    .notNull()
    .references(() => coins.id),
  priceScale: integer('price_scale').notNull(),
  amountScale: integer('amount_scale').notNull(),
  tick: money('tick').notNull(),
  step: money('step').notNull(),
  makerFee: rate('maker_fee').notNull().default('0.001'),
  takerFee: rate('taker_fee').notNull().default('0.001'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * Every spot order, as the single writer of its pair left it. `userId` null is a platform
 * order of demo mode: a limit order is the market maker's (account market_maker), a market order
 * the demo flow's (account demo_flow). `locked` is what the order still holds frozen: quote
 * for buys, base for sells. Open limit orders (status waiting) rebuild the books on start, in id
 * order within a price, which is their arrival order.
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side').notNull().$type<'buy' | 'sell'>(),
    type: text('type').notNull().$type<'limit' | 'market' | 'stop_limit' | 'stop_market'>(),
    // Limit price; null for market orders.
    price: money('price'),
    // Base amount asked for (a market buy's target, bounded by its funds).
    amount: money('amount').notNull(),
    // Quote frozen for a market buy.
    funds: money('funds'),
    filled: money('filled').notNull().default('0'),
    filledQuote: money('filled_quote').notNull().default('0'),
    // Paid in the coin received: base for buys, quote for sells.
    fee: money('fee').notNull().default('0'),
    locked: money('locked').notNull().default('0'),
    status: text('status').notNull().$type<'waiting' | 'completed' | 'cancelled'>(),
    cancelReason: text('cancel_reason'),
    timeInForce: text('time_in_force').notNull().default('gtc').$type<'gtc' | 'ioc' | 'fok'>(),
    postOnly: boolean('post_only').notNull().default(false),
    // Stop orders: the pair's last trade price that triggers them.
    stopPrice: money('stop_price'),
    // Null for orders without a stop; a pending stop holds its funds but is not in the book.
    trigger: text('trigger').$type<'pending' | 'triggered'>(),
    // One-cancels-the-other: the other leg's id.
    ocoId: integer('oco_id'),
    // The client's own id (Binance's clientOrderId, up to 36 characters); null: none given.
    clientOrderId: text('client_order_id'),
    // A stop that fires the other way (Binance's take-profit): a sell when the price rises to
    // its stop, a buy when it falls to it.
    takeProfit: boolean('take_profit').notNull().default(false),
    // An OCO's own id for the pair of orders (Binance's listClientOrderId), on its limit order.
    listClientOrderId: text('list_client_order_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('spot_orders_open_idx')
      .on(t.symbol, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('spot_orders_user_idx').on(t.userId, t.status, t.createdAt, t.id),
    // An order found by its client id (the Binance API's origClientOrderId).
    index('spot_orders_client_idx')
      .on(t.userId, t.symbol, t.clientOrderId)
      .where(sql`${t.clientOrderId} is not null`),
    // A client id names one open order of a user on a pair (Binance: -2010 duplicate order);
    // the pair's writer refuses a second one, the index makes sure of it.
    uniqueIndex('spot_orders_open_client_idx')
      .on(t.userId, t.symbol, t.clientOrderId)
      .where(sql`${t.status} = 'waiting' and ${t.clientOrderId} is not null`),
    uniqueIndex('spot_orders_open_list_client_idx')
      .on(t.userId, t.symbol, t.listClientOrderId)
      .where(sql`${t.status} = 'waiting' and ${t.listClientOrderId} is not null`),
    index('spot_orders_stop_idx')
      .on(t.symbol, t.id)
      .where(sql`${t.trigger} = 'pending'`),
    check('spot_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('spot_orders_type', sql`${t.type} in ('limit', 'market', 'stop_limit', 'stop_market')`),
    check('spot_orders_tif', sql`${t.timeInForce} in ('gtc', 'ioc', 'fok')`),
    check(
      'spot_orders_trigger',
      sql`${t.trigger} is null or ${t.trigger} in ('pending', 'triggered')`,
    ),
    check('spot_orders_status', sql`${t.status} in ('waiting', 'completed', 'cancelled')`),
    check('spot_orders_locked', sql`${t.locked} >= 0 and ${t.filled} >= 0 and ${t.fee} >= 0`),
  ],
);

/** One fill: the maker's price, both orders, and the fee each side paid. */
export const spotTrades = pgTable(
  'spot_trades',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    quote: money('quote').notNull(),
    takerSide: text('taker_side').notNull().$type<'buy' | 'sell'>(),
    makerOrderId: integer('maker_order_id').notNull(),
    takerOrderId: integer('taker_order_id').notNull(),
    makerFee: money('maker_fee').notNull(),
    takerFee: money('taker_fee').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('spot_trades_symbol_idx').on(t.symbol, t.id),
    index('spot_trades_maker_idx').on(t.makerOrderId),
    index('spot_trades_taker_idx').on(t.takerOrderId),
  ],
);

/**
 * Every trading fee a user paid (spot, contracts, options) with who invited that user at the time:
 * the referral programme pays its rebates from these rows.
 */
export const tradingFees = pgTable(
  'trading_fees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    inviterId: integer('inviter_id'),
    source: text('source').notNull().$type<'spot' | 'contract' | 'option'>(),
    refId: integer('ref_id').notNull(),
    coinId: integer('coin_id').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trading_fees_inviter_idx').on(t.inviterId, t.id),
    index('trading_fees_user_idx').on(t.userId, t.id),
  ],
);

/**
 * A pair's klines made by its own trades (what the spot chart, ticker and Binance-compatible
 * klines show; `market_klines` is the index). Written in the same statement as the trades of
 * each batch: a bar's first write opens it, later ones widen it, move its close and add up its
 * volume, quote volume and trade count, so the bars never disagree with `spot_trades`.
 */
export const spotKlines = pgTable(
  'spot_klines',
  {
    symbol: text('symbol').notNull(),
    period: text('period').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
    quoteVolume: money('quote_volume').notNull(),
    trades: integer('trades').notNull(),
    /** The part of `volume` and `quote_volume` whose taker bought (Binance's klines carry it). */
    takerBuyVolume: money('taker_buy_volume').notNull().default('0'),
    takerBuyQuoteVolume: money('taker_buy_quote_volume').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'spot_klines_pk', columns: [t.symbol, t.period, t.time] })],
);
