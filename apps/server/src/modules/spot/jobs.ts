// What a pair's writer is asked to do, what it answers, and the orders' Idempotency-Keys.
import type { ErrorCode } from '@hx/protocol';
import type { Side, TimeInForce } from '@hx/engine';
import type { Db } from '@hx/db';
import type { OrderState } from './matching.ts';
import { claimsDone, type IdempotencyClaim } from '@hx/ledger';
import type { KeyRow } from './persist.ts';

/** A new order as the service validated it (engine units). */
export interface NewOrder {
  userId: number | null;
  side: Side;
  /** `oco`: two orders, a limit at `price` and a stop-limit (`stopPrice`, `stopLimitPrice`). */
  type: OrderState['type'] | 'oco';
  price: bigint | null;
  amount: bigint;
  /** A market buy by spend: the quote to spend (quote units); `amount` is then 0. */
  funds?: bigint | null;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  stopPrice?: bigint | null;
  stopLimitPrice?: bigint | null;
  /** A stop order that fires the other way (take-profit). */
  takeProfit?: boolean;
  /** The client's own ids: the order's (an OCO's limit order), an OCO's stop-limit's and list's. */
  clientOrderId?: string | null;
  stopClientOrderId?: string | null;
  listClientOrderId?: string | null;
}

export type Job =
  | { kind: 'place'; order: NewOrder; idem?: IdempotencyClaim }
  | { kind: 'cancel'; orderId: number; userId: number | null };

export type JobResult =
  { ok: true; order: OrderState; replay?: unknown } | { ok: false; code: ErrorCode };

export interface Pending {
  job: Job;
  resolve: (result: JobResult) => void;
  reject: (err: unknown) => void;
}

/**
 * What the batch's Idempotency-Keys already answered, by `user:key` (the ledger's claims, one
 * query): a repeat gets the first result instead of placing again; the key reused for other
 * fields is refused.
 */
export async function replaysOf(db: Db, pending: Pending[]): Promise<Map<string, JobResult>> {
  const asked = pending.flatMap((p) => (p.job.kind === 'place' && p.job.idem ? [p.job.idem] : []));
  const replays = new Map<string, JobResult>();
  for (const [key, found] of await claimsDone(db, asked))
    replays.set(
      key,
      'reused' in found
        ? { ok: false, code: 'IDEMPOTENCY_KEY_REUSED' }
        : { ok: true, order: undefined as never, replay: found.response },
    );
  return replays;
}

/** The keys of the orders this batch places, with their answers, written with the batch. */
export function keysOf(
  pending: Pending[],
  results: JobResult[],
  again: Set<Pending>,
  at: Date,
): KeyRow[] {
  return pending.flatMap((p, i) => {
    const result = results[i]!;
    if (p.job.kind !== 'place' || !p.job.idem || !result.ok || result.replay) return [];
    if (again.has(p)) return [];
    return [{ claim: p.job.idem, response: { order_id: result.order.id }, at }];
  });
}
