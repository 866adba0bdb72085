import { queryOptions } from '@tanstack/react-query';
import type { FinanceOrderState } from '@hx/protocol';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

/** Background reads: no loading toast, failures shown by the page itself. */
const quiet = { loading: false } as const;

export const productsQuery = queryOptions({
  queryKey: queryKeys.financeProducts,
  queryFn: () => call.financeProducts({}, quiet),
});

export const financeConfigQuery = queryOptions({
  queryKey: queryKeys.financeConfig,
  queryFn: () => call.financeConfig({}, quiet),
  staleTime: 10 * 60_000,
});

/** The user's totals; under 'wallet' so a money movement refreshes them (and a new session forgets them). */
export const reportQuery = queryOptions({
  queryKey: queryKeys.financeReport,
  queryFn: () => call.financeReport({}, quiet),
});

export const fetchOrders = (status: FinanceOrderState, page: number, limit: number) =>
  call.financeOrders({ status, page, limit }, quiet);

/** Buys a product from the finance (trust) account. */
export function buyProduct(body: Input<'financeBuy'>, idempotencyKey: string) {
  return call.financeBuy(body, { idempotencyKey });
}

/** Flexible savings: products, the user's holdings and daily payments (under 'wallet'). */
export const savingsQuery = queryOptions({
  queryKey: queryKeys.savings,
  queryFn: () => call.savingsOverview({}, quiet),
});

export const subscribeSavings = (body: Input<'savingsSubscribe'>, idempotencyKey: string) =>
  call.savingsSubscribe(body, { idempotencyKey });

export const redeemSavings = (body: Input<'savingsRedeem'>, idempotencyKey: string) =>
  call.savingsRedeem(body, { idempotencyKey });

export const setAutoSubscribe = (body: Input<'savingsAutoSubscribe'>) =>
  call.savingsAutoSubscribe(body);
