import { binanceErrors } from './errors.ts';

/**
 * Binance's unfilled order count (rest-api.md "Unfilled Order Count", faqs/order_count_decrement):
 * per account, in fixed intervals (10 seconds, 1 day, UTC). Every order placed adds one to each
 * interval; an order that fills when placed takes it back (Binance takes one back at an order's
 * first fill; ours only at placement: a resting order filled later still counts). When a count
 * has reached its limit, the next order is refused with 429 -1015 and no Retry-After. Order
 * answers carry `X-MBX-ORDER-COUNT-10S` and `-1D`. Counted in this process's memory, like the
 * weights (weights.ts).
 */

export interface OrderLimit {
  interval: 'SECOND' | 'DAY';
  intervalNum: number;
  limit: number;
}

/** Binance's spot defaults (exchangeInfo's ORDERS rate limits). */
export const ORDER_LIMITS: OrderLimit[] = [
  { interval: 'SECOND', intervalNum: 10, limit: 100 },
  { interval: 'DAY', intervalNum: 1, limit: 200_000 },
];

const SPAN = { SECOND: 1000, DAY: 86_400_000 };

/** The header's name for an interval: X-MBX-ORDER-COUNT-10S, -1D. */
export const headerOf = (l: OrderLimit) =>
  `x-mbx-order-count-${l.intervalNum}${l.interval[0]!.toLowerCase()}`;

interface Count {
  window: number;
  count: number;
}

export class OrderCounter {
  private readonly counts = new Map<number, Count[]>();

  constructor(
    private readonly now: () => number,
    /** Tests lower them. */
    public limits: OrderLimit[] = ORDER_LIMITS.map((l) => ({ ...l })),
  ) {}

  private windowOf(l: OrderLimit, at: number) {
    return Math.floor(at / (SPAN[l.interval] * l.intervalNum));
  }

  /** The user's count in each interval now (0 in a new one). */
  current(userId: number): number[] {
    const at = this.now();
    const counts = this.counts.get(userId);
    return this.limits.map((l, i) => {
      const c = counts?.[i];
      return c && c.window === this.windowOf(l, at) ? c.count : 0;
    });
  }

  /** Throws -1015 (429) when an interval's count has reached its limit: no order now. */
  check(userId: number): void {
    const counts = this.current(userId);
    this.limits.forEach((l, i) => {
      if (counts[i]! >= l.limit)
        throw binanceErrors.tooManyOrders(l.limit, `${l.intervalNum} ${l.interval}`);
    });
  }

  /** Counts `placed` orders, less the `filled` of them that filled when placed. */
  add(userId: number, placed: number, filled = 0): void {
    if (this.counts.size > 50_000) this.prune();
    const at = this.now();
    const counts = this.current(userId);
    this.counts.set(
      userId,
      this.limits.map((l, i) => ({
        window: this.windowOf(l, at),
        count: Math.max(0, counts[i]! + placed - filled),
      })),
    );
  }

  /** The interval name and count pairs of an order answer's headers. */
  headers(userId: number): [string, string][] {
    const counts = this.current(userId);
    return this.limits.map((l, i) => [headerOf(l), String(counts[i])]);
  }

  /** exchangeInfo's and the WebSocket API's ORDERS entries (with `count` for a user). */
  rateLimits(userId?: number) {
    const counts = userId === undefined ? null : this.current(userId);
    return this.limits.map((l, i) => ({
      rateLimitType: 'ORDERS',
      interval: l.interval,
      intervalNum: l.intervalNum,
      limit: l.limit,
      ...(counts ? { count: counts[i]! } : {}),
    }));
  }

  private prune() {
    for (const [userId] of this.counts)
      if (this.current(userId).every((c) => c === 0)) this.counts.delete(userId);
  }
}
