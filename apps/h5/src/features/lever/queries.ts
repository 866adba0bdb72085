import { queryOptions } from '@tanstack/react-query';
import { call, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export type LeverTab = 'holding' | 'closed' | 'cancelled';
/** The page's tabs: the server's holding list splits into positions and open (limit) orders. */
export type LeverView = 'holding' | 'waiting' | 'closed' | 'cancelled';
export type PositionPage = Result<'leverPositions'>;

const quiet = { loading: false } as const;

export const leverDealQuery = queryOptions({
  queryKey: queryKeys.leverDeal,
  queryFn: () => call.leverDeal({}, quiet),
  refetchInterval: 3000,
});

/** Holding positions refresh every 2 s for live P&L (the mark is the last recorded price). */
export const positionsQuery = (tab: LeverTab) =>
  queryOptions({
    queryKey: queryKeys.leverPositions(tab),
    queryFn: () => call.leverPositions({ status: tab, limit: 50 }, quiet),
    refetchInterval: tab === 'holding' ? 2000 : false,
  });
