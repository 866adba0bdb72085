import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectItem, ProjectState } from '@hx/protocol';
import { call, type Input, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import type { Paged } from '../wallet/types.ts';

/** Background reads: no loading toast, failures shown by the page itself. */
const quiet = { loading: false } as const;

export type SendConfig = Result<'subscriptionConfig'>;

export const sendConfigQuery = queryOptions({
  queryKey: queryKeys.publicationConfig,
  queryFn: () => call.subscriptionConfig({}, quiet),
  staleTime: 5 * 60_000,
});

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.publicationProject(id),
    // With `id` the route answers that one project (without it, a page of them).
    queryFn: async () => (await call.subscriptionProjects({ id }, quiet)) as ProjectItem,
    enabled: id > 0,
  });

export const recommendQuery = queryOptions({
  queryKey: queryKeys.publicationRecommend,
  queryFn: () => call.subscriptionRecommended({}, quiet),
});

export const fetchProjects = async (state: ProjectState, page: number, limit: number) =>
  (await call.subscriptionProjects({ state, page, limit }, quiet)) as Paged<ProjectItem>;

export const fetchSubscriptions = (status: string, page: number, limit: number) =>
  call.subscriptionOrders({ status: status === 'all' ? undefined : status, page, limit }, quiet);

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

/** Subscribes to a project; the payment stays frozen until allocation. */
export function subscribe(body: Input<'subscriptionSubscribe'>, idempotencyKey: string) {
  return call.subscriptionSubscribe(body, { idempotencyKey });
}
