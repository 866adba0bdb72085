import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { useChannel } from '../../api/useChannel.ts';
import { queryClient as appQueryClient } from '../../app/queryClient.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { refresh } from '../../cache/refresh.ts';
import { sessionStore } from '../../api/session-store.ts';
import type { Paged } from '../wallet/types.ts';
import type {
  Deal,
  Depth,
  MarketTrade,
  OrderListKind,
  OrderSide,
  PlaceType,
  SpotOrder,
  TimeInForce,
} from './types.ts';

/**
 * Spot trading over HTTP (coin/*, currency/deal) and the live socket: `depth.<S>` and
 * `trades.<S>` keep the book and trades fresh; `orders` and `balances` (after login, through
 * the data layer, src/cache) tell when the user's orders and balances changed.
 */

const quiet = { loading: false } as const;

// One user's orders are forgotten when another session starts (or none).
let sessionToken = sessionStore.token();
sessionStore.subscribe(() => {
  const token = sessionStore.token();
  if (token === sessionToken) return;
  sessionToken = token;
  appQueryClient.removeQueries({ queryKey: queryKeys.spotOrders });
  appQueryClient.removeQueries({ queryKey: queryKeys.spotOrder });
});

export const pairsQuery = queryOptions({
  queryKey: queryKeys.spotPairs,
  queryFn: () => call.spotPairs({}, { ...quiet, toast: false }),
  staleTime: 5 * 60_000,
});

export function usePairs() {
  return useQuery(pairsQuery);
}

export const dealKey = queryKeys.spotDeal;

export const dealQuery = (symbol: string) =>
  queryOptions({
    queryKey: dealKey(symbol),
    queryFn: () => call.marketDeal({ symbol }, { ...quiet, toast: false }),
    enabled: symbol !== '',
  });

const TRADES_KEPT = 30;

/** The book and recent trades of one pair, kept live while the page shows them. */
export function useDeal(symbol: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...dealQuery(symbol), refetchOnMount: 'always' });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: dealKey(symbol) });
  useChannel<Depth>(
    `depth.${symbol}`,
    (depth) => {
      if (!depth || !Array.isArray(depth.bids) || !Array.isArray(depth.asks)) return;
      queryClient.setQueryData<Deal>(dealKey(symbol), (deal) =>
        deal ? { ...deal, bids: depth.bids, asks: depth.asks } : deal,
      );
    },
    refetch,
  );
  useChannel<MarketTrade[]>(
    `trades.${symbol}`,
    (trades) => {
      if (!Array.isArray(trades) || trades.length === 0) return;
      queryClient.setQueryData<Deal>(dealKey(symbol), (deal) =>
        deal ? { ...deal, trades: [...trades, ...deal.trades].slice(0, TRADES_KEPT) } : deal,
      );
    },
    refetch,
  );
  return query;
}

/** Which statuses a list asks for: open orders wait; history is completed and cancelled. */
const STATUS_OF: Record<OrderListKind, string> = { open: 'waiting', history: 'history' };

export const ordersKey = (kind: OrderListKind, symbol: string) =>
  queryKeys.spotOrderList(kind, symbol);

export function fetchOrders(
  kind: OrderListKind,
  symbol: string,
  page: number,
  limit: number,
): Promise<Paged<SpotOrder>> {
  return call.spotOrders({ symbol, status: STATUS_OF[kind], page, limit }, quiet);
}

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.spotOrderDetail(id),
    queryFn: () => call.spotOrder({ id }, quiet),
    enabled: id > 0,
  });

/** After the user's orders or balances changed: lists, balances and records are out of date. */
export function afterOrderChanged(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, 'orderChanged');
}

export interface PlaceOrder {
  symbol: string;
  side: OrderSide;
  type: PlaceType;
  price?: string;
  amount?: string;
  /** A market buy's quote to spend, instead of `amount`. */
  funds?: string;
  /** Limit orders; GTC when absent. */
  time_in_force?: TimeInForce;
  post_only?: '1';
  /** Stop and OCO orders: the last trade price that triggers the stop. */
  stop_price?: string;
  /** OCO: the stop-limit's price. */
  stop_limit_price?: string;
}

export function placeOrder(order: PlaceOrder, idempotencyKey: string): Promise<SpotOrder> {
  return call.spotPlace(order, { idempotencyKey });
}

export function cancelOrder(id: number): Promise<SpotOrder> {
  return call.spotCancel({ id });
}
