import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OptionStatus, OptionType } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { refresh } from '../../cache/refresh.ts';

const quiet = { loading: false } as const;

/** Symbols, periods, payable coins and KYC standing; per session (balances, KYC). */
export const optionInfoQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.optionInfoOf(token),
    queryFn: () => call.optionsInfo({}, quiet),
    refetchInterval: 15_000,
  });

export const optionOrdersQuery = (status: OptionStatus, token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.optionOrders(status, token),
    queryFn: () => call.optionsOrders({ status, page: 1, limit: 50 }, quiet),
    enabled: Boolean(token),
  });

export const optionDetailQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.optionDetail(id),
    queryFn: () => call.optionsOrder({ id }, quiet),
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
  return call.optionsSubmit({ ...body }, { idempotencyKey });
}

/** After a purchase: orders, balances and records are out of date. */
export function afterOptionsChanged(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, 'optionBought');
}
