import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { MarketQuote, PriceSource, QuoteInfo } from '@hx/protocol';
import { queryKeys } from '../../cache/queryKeys.ts';
import { marketParam } from '../../lib/params.ts';
import { useLiveQuote } from './live.ts';
import { quoteQuery, type QuoteList } from './queries.ts';

/** The symbol of the page (`?symbol=`), upper-cased; '' when the link's symbol is malformed. */
export function useSymbolParam(fallback = 'BTCUSDT'): string {
  const [params] = useSearchParams();
  return marketParam(params.get('symbol'), fallback);
}

/**
 * A symbol's live quote: the list caches show it at once, `futures_info` and `ticker.<S>` after.
 * `index`: a spot pair's index (what contracts and options settle on), never the lists' trades.
 */
export function useSymbolQuote(symbol: string, source: PriceSource = 'trades') {
  const queryClient = useQueryClient();
  const cached = () => {
    if (source === 'index') return undefined;
    for (const list of ['spot', 'futures'] as QuoteList[]) {
      const hit = queryClient
        .getQueryData<MarketQuote[]>(queryKeys.quotes(list))
        ?.find((q) => q.symbol === symbol);
      if (hit) return hit;
    }
    return undefined;
  };
  // A list quote stands in (without the precision fields) until futures_info answers.
  const query = useQuery({
    ...quoteQuery(symbol, source),
    placeholderData: () => cached() as QuoteInfo | undefined,
  });
  useLiveQuote(symbol, source);
  return query;
}
