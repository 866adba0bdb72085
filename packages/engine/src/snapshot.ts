import { checkSpec } from './validate.ts';
import type { BookSnapshot, PairSpec, RestingOrder, Side } from './types.ts';

export function toSnapshot(spec: Readonly<PairSpec>, orders: Iterable<RestingOrder>): BookSnapshot {
  return {
    version: 1,
    spec: {
      symbol: spec.symbol,
      priceScale: spec.priceScale,
      amountScale: spec.amountScale,
      tick: spec.tick.toString(),
      step: spec.step.toString(),
    },
    orders: Array.from(orders, (o) => ({
      id: o.id.toString(),
      user: o.user,
      side: o.side,
      price: o.price.toString(),
      amount: o.amount.toString(),
      remaining: o.remaining.toString(),
      time: o.time,
    })),
  };
}

function integer(text: unknown, what: string): bigint {
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) {
    throw new RangeError(`snapshot: ${what} is not an integer string`);
  }
  return BigInt(text);
}

/**
 * Reads and checks a snapshot: every order valid for the spec, ids unique, orders in priority
 * order and the book not crossed. A bad snapshot throws rather than building a wrong book.
 */
export function readSnapshot(snapshot: BookSnapshot): {
  spec: Readonly<PairSpec>;
  orders: RestingOrder[];
} {
  if (snapshot.version !== 1) throw new RangeError('snapshot: unknown version');
  const raw = snapshot.spec;
  const spec = checkSpec({
    symbol: raw.symbol,
    priceScale: raw.priceScale,
    amountScale: raw.amountScale,
    tick: integer(raw.tick, 'tick'),
    step: integer(raw.step, 'step'),
  });
  const ids = new Set<bigint>();
  const orders: RestingOrder[] = [];
  let previous: { side: Side; price: bigint } | null = null;
  let bestBid: bigint | null = null;
  for (const o of snapshot.orders) {
    const order: RestingOrder = {
      id: integer(o.id, 'order id'),
      user: o.user,
      side: o.side,
      price: integer(o.price, 'price'),
      amount: integer(o.amount, 'amount'),
      remaining: integer(o.remaining, 'remaining'),
      time: o.time,
    };
    const where = `snapshot: order ${order.id}`;
    if (ids.has(order.id)) throw new RangeError(`${where} appears twice`);
    ids.add(order.id);
    if (order.side !== 'buy' && order.side !== 'sell') throw new RangeError(`${where}: side`);
    if (!Number.isSafeInteger(order.user) || typeof order.time !== 'number') {
      throw new RangeError(`${where}: user or time`);
    }
    if (order.price <= 0n || order.price % spec.tick !== 0n)
      throw new RangeError(`${where}: price`);
    if (
      order.amount % spec.step !== 0n ||
      order.remaining % spec.step !== 0n ||
      order.remaining <= 0n ||
      order.remaining > order.amount
    ) {
      throw new RangeError(`${where}: amount`);
    }
    if (previous) {
      const outOfOrder =
        previous.side === 'sell'
          ? order.side === 'buy' || order.price < previous.price
          : order.side === 'buy' && order.price > previous.price;
      if (outOfOrder) throw new RangeError(`${where} is out of priority order`);
    }
    if (order.side === 'buy') bestBid ??= order.price;
    else if (bestBid !== null && order.price <= bestBid) {
      throw new RangeError(`${where}: the book is crossed`);
    }
    previous = order;
    orders.push(order);
  }
  return { spec, orders };
}
