import type { CancelReason, Command, OrderId, PairSpec, RejectCode, Side } from './types.ts';

/** A checked, frozen copy of a pair spec; a bad spec is a programming error, so it throws. */
export function checkSpec(spec: PairSpec): Readonly<PairSpec> {
  const { symbol, priceScale, amountScale, tick, step } = spec;
  if (typeof symbol !== 'string' || symbol === '') throw new RangeError('symbol must be set');
  for (const [name, scale] of [
    ['priceScale', priceScale],
    ['amountScale', amountScale],
  ] as const) {
    if (!Number.isInteger(scale) || scale < 0 || scale > 36) {
      throw new RangeError(`${name} must be an integer from 0 to 36`);
    }
  }
  if (typeof tick !== 'bigint' || tick <= 0n) throw new RangeError('tick must be a bigint > 0');
  if (typeof step !== 'bigint' || step <= 0n) throw new RangeError('step must be a bigint > 0');
  return Object.freeze({ symbol, priceScale, amountScale, tick, step });
}

/** Ids are compared as bigints, so 7 and 7n name the same order. */
export function toId(id: OrderId): bigint {
  if (typeof id === 'bigint') return id;
  if (!Number.isSafeInteger(id)) throw new RangeError(`order id ${id} is not a safe integer`);
  return BigInt(id);
}

export type OrderCommand = Exclude<Command, { type: 'cancel' }>;

/**
 * The first reason to refuse a new order, or null. Checks run in this order: price, amount or
 * funds, duplicate id, liquidity for market orders, then post-only (`bestOpposite` is the best
 * price on the other side, null when it is empty).
 */
export function rejection(
  spec: Readonly<PairSpec>,
  command: OrderCommand,
  isResting: boolean,
  bestOpposite: bigint | null,
): RejectCode | null {
  if (command.type === 'limit') {
    if (command.price <= 0n || command.price % spec.tick !== 0n) return 'InvalidPrice';
  }
  if ('funds' in command) {
    if (command.funds <= 0n) return 'InvalidFunds';
  } else if (command.amount <= 0n || command.amount % spec.step !== 0n) {
    return 'InvalidAmount';
  }
  if (isResting) return 'DuplicateOrderId';
  if (command.type === 'market') return bestOpposite === null ? 'NoLiquidity' : null;
  if (
    command.postOnly &&
    bestOpposite !== null &&
    crosses(command.side, bestOpposite, command.price)
  )
    return 'PostOnlyWouldTake';
  return null;
}

/** Whether a taker on `side` with limit `limit` reaches a resting order at `price`. */
export const crosses = (side: Side, price: bigint, limit: bigint): boolean =>
  side === 'buy' ? price <= limit : price >= limit;

/** Why the unfilled rest of a limit order that may not rest is cancelled. */
export const untilReason = (tif: 'ioc' | 'fok'): CancelReason =>
  tif === 'fok' ? 'fok' : 'ioc-remainder';

/** The most a market buy can take at `price` with `funds` left: whole steps only. */
export function affordable(funds: bigint, price: bigint, step: bigint): bigint {
  const amount = funds / price;
  return amount - (amount % step);
}
