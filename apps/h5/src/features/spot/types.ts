/** The payloads of the spot routes (coin/*, currency/deal), as the app reads them. */

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market';
/** What the form places: an OCO is placed as two orders, a limit and a stop-limit. */
export type PlaceType = OrderType | 'oco';
export type TimeInForce = 'gtc' | 'ioc' | 'fok';
export type OrderStatus = 'waiting' | 'completed' | 'cancelled';

export interface SpotPair {
  symbol: string;
  name: string;
  base: string;
  quote: string;
  base_currency_id: number;
  quote_currency_id: number;
  price_decimals: number;
  amount_decimals: number;
  tick: string;
  step: string;
  maker_fee: string;
  taker_fee: string;
}

/** A book level: [price, amount]. */
export type Level = [string, string];

export interface Depth {
  bids: Level[];
  asks: Level[];
}

export interface MarketTrade {
  price: string;
  amount: string;
  /** The taker's side. */
  side: OrderSide;
  time: number;
}

export interface Deal extends Depth {
  trades: MarketTrade[];
}

export interface SpotOrder {
  id: number;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price: string | null;
  amount: string;
  /** The quote a market buy could spend; null otherwise. */
  funds: string | null;
  filled: string;
  filled_quote: string;
  avg_price: string | null;
  fee: string;
  fee_currency: string;
  status: OrderStatus;
  cancel_reason:
    | null
    | 'user'
    | 'self-trade'
    | 'market-remainder'
    | 'ioc-remainder'
    | 'fok'
    | 'oco'
    | 'no-liquidity';
  time_in_force: TimeInForce;
  post_only: boolean;
  /** The last trade price that triggers a stop order. */
  stop_price: string | null;
  /** Stop orders: waiting outside the book, or fired; null for the others. */
  trigger: 'pending' | 'triggered' | null;
  /** The other order of an OCO pair. */
  oco_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface OrderFill {
  price: string;
  amount: string;
  quote: string;
  fee: string;
  role: 'maker' | 'taker';
  time: number;
}

export interface OrderDetail extends SpotOrder {
  trades: OrderFill[];
}

/** Which orders a list shows: open ones or closed ones. */
export type OrderListKind = 'open' | 'history';
