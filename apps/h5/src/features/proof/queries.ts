import { queryOptions } from '@tanstack/react-query';
import { call, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export type PublishedRoot = Result<'porLatest'>['roots'][number];

/** The newest published snapshot (public). */
export const porLatestQuery = queryOptions({
  queryKey: queryKeys.porLatest,
  queryFn: () => call.porLatest({}, { loading: false, toast: false }),
});

/** The user's proof in one coin's tree; a snapshot never changes, so it is fetched once. */
export const porProofQuery = (id: number, currencyId: number) =>
  queryOptions({
    queryKey: queryKeys.porProof(id, currencyId),
    queryFn: () => call.porProof({ id, currency_id: currencyId }, { toast: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** `ab12cd34…9f8e7d`: enough to compare by eye, short enough for a phone. */
export const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;
