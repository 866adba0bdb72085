import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MarketQuote, PriceSource } from '@hx/protocol';
import { useChannel } from '../../api/useChannel.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import type { QuoteList } from './queries.ts';

/**
 * The live socket feeding the market caches: `tickers` updates the quote lists, `ticker.<S>` one
 * symbol's quote. A missed message refetches the list (or quote) over HTTP.
 */

/** `tickers` carries `{time, list}`; a bare list is read too. */
function quotesOf(data: unknown): MarketQuote[] {
  if (Array.isArray(data)) return data as MarketQuote[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as MarketQuote[]) : [];
}

const listOf = (quote: MarketQuote): QuoteList => (quote.kind === 'spot' ? 'spot' : 'futures');

/** Merges fresh quotes into a cached list, keeping its order; unknown symbols are ignored. */
export function mergeQuotes(
  cached: MarketQuote[] | undefined,
  fresh: readonly MarketQuote[],
): MarketQuote[] | undefined {
  if (!cached) return cached;
  const bySymbol = new Map(fresh.map((q) => [q.symbol, q]));
  let changed = false;
  const next = cached.map((q) => {
    const update = bySymbol.get(q.symbol);
    if (!update) return q;
    changed = true;
    return { ...q, ...update };
  });
  return changed ? next : cached;
}

function applyTickers(queryClient: QueryClient, quotes: MarketQuote[]): void {
  for (const list of ['spot', 'futures'] as const) {
    const fresh = quotes.filter((q) => !q.kind || listOf(q) === list);
    if (fresh.length === 0) continue;
    queryClient.setQueryData<MarketQuote[]>(queryKeys.quotes(list), (cached) =>
      mergeQuotes(cached, fresh),
    );
  }
  for (const quote of quotes) {
    queryClient.setQueryData<MarketQuote>(queryKeys.quote(quote.symbol), (cached) =>
      cached ? { ...cached, ...quote } : cached,
    );
  }
}

/** Keeps every cached quote live while the calling page is shown. */
export function useLiveTickers(): void {
  const queryClient = useQueryClient();
  useChannel<unknown>(
    'tickers',
    (data) => applyTickers(queryClient, quotesOf(data)),
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.quoteLists }),
  );
}

/**
 * Keeps one symbol's quote live (the kline and detail headers): `ticker.<S>`, or a spot pair's
 * index on `indexTicker.<S>` (kept apart from the lists, which are its trades).
 */
export function useLiveQuote(symbol: string, source: PriceSource = 'trades'): void {
  const queryClient = useQueryClient();
  const index = source === 'index';
  const key = index ? queryKeys.indexQuote(symbol) : queryKeys.quote(symbol);
  useChannel<MarketQuote>(
    symbol ? `${index ? 'indexTicker' : 'ticker'}.${symbol}` : null,
    (quote) => {
      if (!quote || typeof quote !== 'object') return;
      if (!index) return applyTickers(queryClient, [{ ...quote, symbol }]);
      queryClient.setQueryData<MarketQuote>(key, (cached) =>
        cached ? { ...cached, ...quote, symbol } : cached,
      );
    },
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
}
