import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KlineBar, KlinePeriod, PriceSource } from '@hx/protocol';
import { call, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { useSession } from '../../api/session-store.ts';

/**
 * Market data over HTTP (api-contract "Markets"). The live socket keeps these caches fresh
 * (see live.ts); these calls are the first load and the refetch after a missed message.
 */

const quiet = { loading: false, toast: false } as const;

/** Which list a quote lives in: `quotation_new` (spot) or `futures_list` (forex and futures). */
export type QuoteList = 'spot' | 'futures';

export const spotQuotesQuery = queryOptions({
  queryKey: queryKeys.quotes('spot'),
  queryFn: () => call.marketQuotes({}, quiet),
  staleTime: 10_000,
});

export const futuresQuotesQuery = queryOptions({
  queryKey: queryKeys.quotes('futures'),
  queryFn: () => call.marketFutures({}, quiet),
  staleTime: 10_000,
});

/**
 * One symbol's quote with its precision (`futures_info` answers for every listed symbol): a spot
 * pair's own trades, or with `index` what contracts and options settle on.
 */
export const quoteQuery = (symbol: string, source: PriceSource = 'trades') =>
  queryOptions({
    queryKey: source === 'index' ? queryKeys.indexQuote(symbol) : queryKeys.quote(symbol),
    queryFn: () => call.marketInfo({ symbol, source }, quiet),
    staleTime: 10_000,
    enabled: symbol !== '',
  });

export function useQuote(symbol: string) {
  return useQuery(quoteQuery(symbol));
}

/** Time-share points: the 1-minute closes of the last 24 hours. */
export type TimeSharePoint = Result<'marketTimeShare'>[number];

export function fetchTimeShare(
  symbol: string,
  source: PriceSource = 'trades',
): Promise<TimeSharePoint[]> {
  return call.marketTimeShare({ symbol, source }, quiet);
}

/** Bars before `to` (exclusive; default now), ascending: the latest `limit` of them. */
export function fetchKline(
  symbol: string,
  period: KlinePeriod,
  to?: number,
  limit = 300,
  source: PriceSource = 'trades',
): Promise<KlineBar[]> {
  return call.marketKline({ symbol, period, from: 0, to, limit, source }, quiet);
}

/** The server may answer with symbols, quotes or `{symbols}`: the app needs the symbols. */
function symbolsOf(payload: unknown): string[] {
  const list = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object'
      ? ((payload as { symbols?: unknown; list?: unknown }).symbols ??
        (payload as { list?: unknown }).list)
      : [];
  if (!Array.isArray(list)) return [];
  return list
    .map((item: unknown) =>
      typeof item === 'string' ? item : (item as { symbol?: unknown } | null)?.symbol,
    )
    .filter((s): s is string => typeof s === 'string');
}

const favouritesKey = queryKeys.favourites;

/** The logged-in user's favourite symbols (empty for a visitor). */
export function useFavourites() {
  const session = useSession();
  const userId = session?.user.id;
  const query = useQuery({
    queryKey: favouritesKey(userId),
    queryFn: async () => symbolsOf(await call.marketFavorites({}, quiet)),
    enabled: userId !== undefined,
    staleTime: 60_000,
  });
  return { ...query, symbols: userId === undefined ? [] : (query.data ?? []) };
}

/** Adds or removes a favourite, showing the change at once and undoing it if refused. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id;
  const key = favouritesKey(userId);
  return useMutation({
    mutationFn: ({ symbol, on }: { symbol: string; on: boolean }) =>
      (on ? call.marketFavoriteAdd : call.marketFavoriteRemove)({ symbol }),
    onMutate: async ({ symbol, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      const rest = (before ?? []).filter((s) => s !== symbol);
      queryClient.setQueryData<string[]>(key, on ? [...rest, symbol] : rest);
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
