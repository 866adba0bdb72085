import type { CancelReason, Event, RejectCode, RestingOrder, Side } from './types.ts';

// Both books build events here so that equal behaviour gives deep-equal event streams.

export const accepted = (
  id: bigint,
  user: number,
  side: Side,
  orderType: 'limit' | 'market',
): Event => ({ type: 'accepted', id, user, side, orderType });

export const trade = (
  maker: RestingOrder,
  takerId: bigint,
  takerUser: number,
  amount: bigint,
): Event => ({
  type: 'trade',
  makerId: maker.id,
  takerId,
  makerUser: maker.user,
  takerUser,
  price: maker.price,
  amount,
  quote: maker.price * amount,
  takerSide: maker.side === 'buy' ? 'sell' : 'buy',
});

export const resting = (id: bigint, side: Side, price: bigint, remaining: bigint): Event => ({
  type: 'resting',
  id,
  side,
  price,
  remaining,
});

export const cancelled = (
  id: bigint,
  user: number,
  side: Side,
  remaining: bigint,
  reason: CancelReason,
  unit: 'base' | 'quote' = 'base',
): Event => ({ type: 'cancelled', id, user, side, remaining, unit, reason });

export const rejected = (id: bigint, code: RejectCode): Event => ({ type: 'rejected', id, code });

export const done = (id: bigint): Event => ({ type: 'done', id });
