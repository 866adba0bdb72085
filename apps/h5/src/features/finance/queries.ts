import { queryOptions } from '@tanstack/react-query';
import type {
  FinanceConfig,
  FinanceOrder,
  FinanceOrderState,
  FinanceProduct,
  FinanceReport,
} from '@hx/protocol';
import { apiGet } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import type { Paged } from '../wallet/types.ts';

/** Background reads: no loading toast, failures shown by the page itself. */
const quiet = { loading: false } as const;

export const productsQuery = queryOptions({
  queryKey: ['finance', 'products'],
  queryFn: () => apiGet<FinanceProduct[]>('lh/deposit/product_info', undefined, quiet),
});

export const financeConfigQuery = queryOptions({
  queryKey: ['finance', 'config'],
  queryFn: () => apiGet<FinanceConfig>('lh/deposit/config', undefined, quiet),
  staleTime: 10 * 60_000,
});

/** The user's totals; under 'wallet' so a money movement refreshes them (and a new session forgets them). */
export const reportQuery = queryOptions({
  queryKey: [...queryKeys.wallet, 'financeReport'],
  queryFn: () => apiGet<FinanceReport>('lh/deposit/report', undefined, quiet),
});

export const fetchOrders = (status: FinanceOrderState, page: number, limit: number) =>
  apiGet<Paged<FinanceOrder>>('lh/deposit/order', { status, page, limit }, quiet);
