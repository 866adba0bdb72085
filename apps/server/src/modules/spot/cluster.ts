import type { z } from 'zod';
import type { ErrorCode, spotPlaceBody } from '@hx/protocol';
import { BusNoAnswer, type Bus } from '../../lib/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdempotencyClaim } from '@hx/ledger';

type PlaceBody = z.output<typeof spotPlaceBody>;
/** The validated body; callers inside the server may leave out the defaulted fields. */
export type PlaceInput = Omit<PlaceBody, 'time_in_force' | 'post_only'> &
  Partial<Pick<PlaceBody, 'time_in_force' | 'post_only'>> & {
    /** The client's own ids (the Binance API's newClientOrderId; an OCO's stop-limit's and list's). */
    client_order_id?: string;
    stop_client_order_id?: string;
    list_client_order_id?: string;
    /** A stop order firing the other way (the Binance API's TAKE_PROFIT[_LIMIT]). */
    take_profit?: boolean;
  };

/** What another process asks of a pair's owner: the same calls a route makes here. */
export type PairRequest =
  | { op: 'place'; userId: number | null; body: PlaceInput; idem?: IdempotencyClaim }
  | { op: 'cancel'; userId: number | null; id: number }
  | { op: 'deal' }
  | { op: 'book'; limit: number };

type PairAnswer = { ok: unknown } | { error: ErrorCode; params?: Record<string, string | number> };

const subject = (symbol: string) => `hx.spot.${symbol}`;
/** How long a request waits for a pair whose owner is being replaced (the failover time). */
const TAKEOVER_MS = 8000;

/**
 * Asks the process owning `symbol` (docs/architecture.md, "Several processes") and answers with
 * its result or its error, as if this process owned the pair. While no process owns it (one
 * died and another is taking over) the request is asked again; one that reached an owner that
 * then did not answer is not asked again (it may have been carried out) and ends as
 * TRADING_BUSY, like a writer that could not commit.
 */
export async function askOwner<T>(bus: Bus, symbol: string, request: PairRequest): Promise<T> {
  const deadline = Date.now() + TAKEOVER_MS;
  for (;;) {
    try {
      const answer = JSON.parse(
        await bus.request(subject(symbol), JSON.stringify(request)),
      ) as PairAnswer;
      if ('error' in answer) throw new AppError(answer.error, answer.params);
      return answer.ok as T;
    } catch (err) {
      if (!(err instanceof BusNoAnswer)) throw err;
      if (!err.unserved || Date.now() > deadline) throw new AppError('TRADING_BUSY');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The owner's side: answers other processes' requests for `symbol` until the returned stop. */
export function servePair(
  bus: Bus,
  symbol: string,
  handle: (request: PairRequest) => Promise<unknown>,
): () => void {
  return bus.serve(subject(symbol), async (text) => {
    try {
      return JSON.stringify({ ok: await handle(JSON.parse(text) as PairRequest) });
    } catch (err) {
      if (err instanceof AppError) return JSON.stringify({ error: err.code, params: err.params });
      throw err;
    }
  });
}
