import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppConfig, UserView } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { queryClient } from '../../app/queryClient.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { refresh } from '../../cache/refresh.ts';
import { useConfig } from '../config/queries.ts';
import { sessionStore, useSession } from '../../api/session-store.ts';

/** Background reads: no loading toast, failures shown by the page itself. */
const quiet = { loading: false } as const;

/** The cached data of one user's money; forgotten when another session starts (or none). */
const PRIVATE_KEYS = [
  queryKeys.wallet,
  queryKeys.records,
  queryKeys.kyc,
  queryKeys.addresses,
  queryKeys.bankCards,
];
let sessionToken = sessionStore.token();
sessionStore.subscribe(() => {
  const token = sessionStore.token();
  if (token === sessionToken) return;
  sessionToken = token;
  for (const queryKey of PRIVATE_KEYS) queryClient.removeQueries({ queryKey });
});

export const walletListQuery = queryOptions({
  queryKey: [...queryKeys.wallet, 'list'],
  queryFn: () => call('walletList', {}, quiet),
});

export const coinDetailQuery = (currencyId: number) =>
  queryOptions({
    queryKey: [...queryKeys.wallet, 'detail', currencyId],
    queryFn: () => call('walletDetail', { currency_id: currencyId }, quiet),
    enabled: currencyId > 0,
  });

export const kycQuery = queryOptions({
  queryKey: queryKeys.kyc,
  queryFn: () => call('kycCenter', undefined, quiet),
});

/** Saved withdraw addresses, of one coin or all (at most 100: the list a person keeps). */
export const addressesQuery = (currencyId?: number) =>
  queryOptions({
    queryKey: [...queryKeys.addresses, currencyId ?? 'all'],
    queryFn: () => call('addressList', { currency_id: currencyId, page: 1, limit: 100 }, quiet),
  });

export const bankCardsQuery = queryOptions({
  queryKey: queryKeys.bankCards,
  queryFn: () => call('bankCardList', { page: 1, limit: 100 }, quiet),
});

export const platformBankQuery = queryOptions({
  queryKey: ['platformBank'],
  queryFn: () => call('depositBank', {}, quiet),
  staleTime: 5 * 60_000,
});

export const depositAddressQuery = (currencyId: number, network: string) =>
  queryOptions({
    queryKey: ['depositAddress', currencyId, network],
    queryFn: () =>
      call('depositAddress', { currency_id: currencyId, network }, { ...quiet, toast: false }),
    enabled: currencyId > 0 && network !== '',
    // An operator can change or suspend the address at any time: ask again on every visit.
    staleTime: 0,
    retry: false,
  });

export type Coin = AppConfig['coins'][number];

/** The coins of the config, in its order. */
export function useCoins(): Coin[] {
  return useConfig().data?.coins ?? [];
}

/** Decimals by coin id (8 until the config has arrived). */
export function useDecimalsOf(): (currencyId: number) => number {
  const coins = useCoins();
  return (currencyId) => coins.find((c) => c.currency_id === currencyId)?.decimals ?? 8;
}

/**
 * The user as the server sees them now (fund password, KYC states), asked again each time a page
 * that depends on them opens: they change on other pages and by operators. Undefined until that
 * answer has arrived, so no page acts on an old state.
 */
export function useAccountState(): UserView | undefined {
  const token = useSession()?.token;
  const query = useQuery({
    queryKey: [...queryKeys.user, 'state', token],
    queryFn: async () => {
      const user = await call('userCenter', undefined, quiet);
      sessionStore.updateUser(user);
      return user;
    },
    enabled: Boolean(token),
    refetchOnMount: 'always',
  });
  return query.isFetchedAfterMount ? query.data : undefined;
}

/** After money moved: balances, records and the user's counters are out of date. */
export function afterMoneyMoved(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, 'moneyMoved');
}

/** The wallet list, refetched each time a page with balances opens. */
export function useWalletList() {
  return useQuery({ ...walletListQuery, refetchOnMount: 'always' });
}
