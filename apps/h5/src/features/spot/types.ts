import type { Result } from '../../api/call.ts';

/** The payloads of the spot routes (coin/*, currency/deal), as the app reads them. */

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market';
/** What the form places: an OCO is placed as two orders, a limit and a stop-limit. */
export type PlaceType = OrderType | 'oco';
export type TimeInForce = 'gtc' | 'ioc' | 'fok';
export type OrderStatus = 'waiting' | 'completed' | 'cancelled';

export type SpotPair = Result<'spotPairs'>[number];

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

/** The book and the latest trades (`currency/deal`). */
export type Deal = Result<'marketDeal'>;

export type SpotOrder = Result<'spotPlace'>;
export type OrderDetail = Result<'spotOrder'>;
export type OrderFill = OrderDetail['trades'][number];

/** Which orders a list shows: open ones or closed ones. */
export type OrderListKind = 'open' | 'history';
