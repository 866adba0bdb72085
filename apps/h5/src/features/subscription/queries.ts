import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectItem, ProjectState, SubscriptionItem } from '@hx/protocol';
import { apiGet } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import type { Paged } from '../wallet/types.ts';

/** Background reads: no loading toast, failures shown by the page itself. */
const quiet = { loading: false } as const;

export interface SendConfig {
  states: ProjectState[];
  record_states: string[];
  price_currency: { currency_id: number; name: string };
  now: number;
}

export const sendConfigQuery = queryOptions({
  queryKey: [...queryKeys.publication, 'config'],
  queryFn: () => apiGet<SendConfig>('lh/send/config', undefined, quiet),
  staleTime: 5 * 60_000,
});

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.publication, 'project', id],
    queryFn: () => apiGet<ProjectItem>('lh/send/product_info', { id }, quiet),
    enabled: id > 0,
  });

export const recommendQuery = queryOptions({
  queryKey: [...queryKeys.publication, 'recommend'],
  queryFn: () => apiGet<Paged<ProjectItem>>('lh/send/get_recommend', undefined, quiet),
});

export const fetchProjects = (state: ProjectState, page: number, limit: number) =>
  apiGet<Paged<ProjectItem>>('lh/send/product_info', { state, page, limit }, quiet);

export const fetchSubscriptions = (status: string, page: number, limit: number) =>
  apiGet<Paged<SubscriptionItem>>(
    'lh/send/order_list',
    { status: status === 'all' ? undefined : status, page, limit },
    quiet,
  );

/** The server's time, ticking every second: countdowns do not trust the phone's clock. */
export function useServerNow(): number {
  const config = useQuery(sendConfigQuery);
  const offset = config.data ? config.data.now - config.dataUpdatedAt : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}
