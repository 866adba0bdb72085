import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppConfig, RecordDetail, RecordKind, UserView } from '@hx/protocol';
import { call, type Input } from '../../api/call.ts';
import { queryClient } from '../../app/queryClient.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { refresh } from '../../cache/refresh.ts';
import { useConfig } from '../config/queries.ts';
import { sessionStore, useSession } from '../../api/session-store.ts';
import type { WithdrawalRecord } from './types.ts';

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
  queryKey: queryKeys.walletList,
  queryFn: () => call.walletList({}, quiet),
});

export const coinDetailQuery = (currencyId: number) =>
  queryOptions({
    queryKey: queryKeys.coinDetail(currencyId),
    queryFn: () => call.walletDetail({ currency_id: currencyId }, quiet),
    enabled: currencyId > 0,
  });

export const kycQuery = queryOptions({
  queryKey: queryKeys.kyc,
  queryFn: () => call.kycCenter(undefined, quiet),
});

/** Saved withdraw addresses, of one coin or all (at most 100: the list a person keeps). */
export const addressesQuery = (currencyId?: number) =>
  queryOptions({
    queryKey: queryKeys.addressesOf(currencyId),
    queryFn: () => call.addressList({ currency_id: currencyId, page: 1, limit: 100 }, quiet),
  });

export const bankCardsQuery = queryOptions({
  queryKey: queryKeys.bankCards,
  queryFn: () => call.bankCardList({ page: 1, limit: 100 }, quiet),
});

export const platformBankQuery = queryOptions({
  queryKey: queryKeys.platformBank,
  queryFn: () => call.depositBank({}, quiet),
  staleTime: 5 * 60_000,
});

export const depositAddressQuery = (currencyId: number, network: string) =>
  queryOptions({
    queryKey: queryKeys.depositAddress(currencyId, network),
    queryFn: () =>
      call.depositAddress({ currency_id: currencyId, network }, { ...quiet, toast: false }),
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
    queryKey: queryKeys.accountState(token),
    queryFn: async () => {
      const user = await call.userCenter(undefined, quiet);
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

/** Still moving on chain: a deposit confirming, or a payout queued or sent. */
const onChain = (d: RecordDetail | undefined) =>
  d?.state === 'confirming' || d?.chain_status === 'queued' || d?.chain_status === 'sent';

/** One asset record by kind and id; `kind` checked by the caller (`id` null when it is not known). */
export function useRecordDetail(kind: string | null, id: number | null) {
  return useQuery({
    queryKey: queryKeys.recordDetail(kind, id),
    // Asked only for a known kind; a pull to refresh of another is refused by the server.
    queryFn: () =>
      call.walletRecord(
        { kind: (kind ?? '') as RecordKind, id: id ?? 0 },
        { loading: false, toast: false },
      ),
    enabled: id !== null,
    refetchOnMount: 'always',
    // A deposit or payout on its way through the chain: its confirmations move by themselves.
    refetchInterval: (q) => (onChain(q.state.data) ? 10_000 : false),
  });
}

const WITHDRAWALS_LIMIT = 100;
const WITHDRAWALS_MAX_PAGES = 10;

/**
 * One withdrawal. The server has no route for a single withdrawal, so this looks it up in the
 * user's withdrawal log (newest first; a recent one is on the first page).
 */
async function findWithdrawal(id: number): Promise<WithdrawalRecord | null> {
  for (let page = 1; page <= WITHDRAWALS_MAX_PAGES; page += 1) {
    const { list, total } = await call.withdrawRecords(
      { page, limit: WITHDRAWALS_LIMIT },
      { loading: false },
    );
    const found = list.find((w) => w.id === id);
    if (found) return found;
    if (page * WITHDRAWALS_LIMIT >= total || list.length === 0 || list.every((w) => w.id < id))
      return null;
  }
  return null;
}

/** One withdrawal of the user by id (null: not in their log). */
export function useWithdrawal(id: number | null) {
  return useQuery({
    queryKey: queryKeys.withdrawal(id),
    queryFn: () => findWithdrawal(id ?? 0),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** A page of the user's transfers between sub-accounts, newest first. */
export const fetchTransfers = (page: number, limit: number) =>
  call.walletTransfers({ page, limit }, quiet);

/** Moves a coin between two sub-accounts of the user. */
export function transferFunds(body: Input<'walletTransfer'>, idempotencyKey: string) {
  return call.walletTransfer(body, { idempotencyKey });
}

export interface ExchangeRequest {
  from_currency_id: number;
  to_currency_id: number;
  number: string;
}

export const exchangeQuoteKey = (request: ExchangeRequest | null) =>
  queryKeys.conversionQuote(request);

/** The live quote shows its failure inline; the one before confirming also toasts it. */
export const fetchExchangeQuote = (request: ExchangeRequest, signal: AbortSignal, toast: boolean) =>
  call.walletExchangeQuote({ ...request }, { loading: toast, toast, signal });

/** Converts one coin into another in the spot account, refused below `min_to_number`. */
export function exchangeCoins(order: Input<'walletExchange'>, idempotencyKey: string) {
  return call.walletExchange(order, { idempotencyKey });
}
