import type { OrderState } from './matching.ts';

/**
 * The client's own order ids (the Binance API's newClientOrderId and an OCO's
 * listClientOrderId): each names at most one open order of a user on a pair. The pair's writer
 * is the only one placing its orders, so it checks here against its open orders, in the batch
 * as it runs (two placements with one id in the same batch: the second is refused); the
 * partial unique indexes of spot_orders (migration 0024) make sure of it in the database.
 * Only orders carrying an id pay for the scan.
 */

export interface AskedIds {
  clientOrderId?: string | null;
  /** An OCO's stop-limit's own id. */
  stopClientOrderId?: string | null;
  listClientOrderId?: string | null;
}

export const CLIENT_ID_INDEXES = [
  'spot_orders_open_client_idx',
  'spot_orders_open_list_client_idx',
] as const;

/** Whether an id this placement asks is one of the user's open orders' already (or repeated). */
export function clientIdTaken(
  open: Map<number, OrderState>,
  userId: number | null,
  asked: AskedIds,
): boolean {
  const ids = [asked.clientOrderId, asked.stopClientOrderId].filter((id): id is string => !!id);
  const list = asked.listClientOrderId ?? null;
  if (ids.length === 0 && list === null) return false;
  if (ids.length === 2 && ids[0] === ids[1]) return true;
  for (const order of open.values()) {
    if (order.userId !== userId || order.status !== 'waiting') continue;
    if (order.clientOrderId && ids.includes(order.clientOrderId)) return true;
    if (list !== null && order.listClientOrderId === list) return true;
  }
  return false;
}
