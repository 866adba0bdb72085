import { useEffect, useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MarketQuote } from '@hx/protocol';
import { useLiveFeedLost } from '../connection/liveFeed.ts';
import { useOnline } from '../connection/online.ts';
import { lastQuotes } from './lastQuotes.ts';
import type { QuoteList } from './queries.ts';

export interface KnownQuotesView {
  /** Live quotes, else the last ones kept (offline, or the list failed to load). */
  quotes: MarketQuote[] | undefined;
  /** When the quotes shown were last updated, if they may be old (offline or socket down). */
  staleSince: number | null;
  /** A first load is running: nothing to show yet. */
  loading: boolean;
}

/** A quote list as the user should see it: live, or the last known prices marked as stale. */
export function useKnownQuotes(
  list: QuoteList,
  query: UseQueryResult<MarketQuote[]>,
): KnownQuotesView {
  const online = useOnline();
  const lost = useLiveFeedLost();
  const { data, dataUpdatedAt } = query;

  useEffect(() => {
    if (data) lastQuotes.remember(list, data, dataUpdatedAt);
  }, [list, data, dataUpdatedAt]);

  const fallBack = !data && (!online || query.isError);
  const kept = useMemo(() => (fallBack ? lastQuotes.recall(list) : null), [fallBack, list]);

  if (data) {
    return { quotes: data, staleSince: !online || lost ? dataUpdatedAt : null, loading: false };
  }
  if (kept) return { quotes: kept.quotes, staleSince: kept.time, loading: false };
  return { quotes: undefined, staleSince: null, loading: query.isPending && online };
}
