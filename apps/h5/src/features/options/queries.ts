import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  OptionInfo,
  OptionList,
  OptionOrder,
  OptionStatus,
  OptionType,
  OptionSubmitResult,
} from '@hx/protocol';
import { apiGet, apiPost } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { refresh } from '../../cache/refresh.ts';

const quiet = { loading: false } as const;

/** Symbols, periods, payable coins and KYC standing; per session (balances, KYC). */
export const optionInfoQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.optionInfo, token ?? null],
    queryFn: () => apiGet<OptionInfo>('microtrade/info', undefined, quiet),
    refetchInterval: 15_000,
  });

export const optionOrdersQuery = (status: OptionStatus, token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.options, 'orders', status, token ?? null],
    queryFn: () => apiGet<OptionList>('microtrade/lists', { status, page: 1, limit: 50 }, quiet),
    enabled: Boolean(token),
  });

export const optionDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.options, 'detail', id],
    queryFn: () => apiGet<OptionOrder>('microtrade/detail', { id }, quiet),
    enabled: id > 0,
  });

export interface BuyBody {
  symbol: string;
  type: OptionType;
  seconds: number;
  currency_id: number;
  number: string;
}

export function buyOption(body: BuyBody, idempotencyKey: string) {
  return apiPost<OptionSubmitResult>('microtrade/submit', { ...body }, { idempotencyKey });
}

/** After a purchase: orders, balances and records are out of date. */
export function afterOptionsChanged(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, 'optionBought');
}
