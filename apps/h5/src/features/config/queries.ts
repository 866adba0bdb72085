import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { configQuery } from './configQuery.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export { configQuery };

/** Shown until the server's config has arrived (and offline): the server's default APP_NAME. */
export const FALLBACK_APP_NAME = 'Honest Exchange';

export function useConfig() {
  return useQuery(configQuery);
}

export function useAppName(): string {
  return useConfig().data?.app_name ?? FALLBACK_APP_NAME;
}

export function useIsDemo(): boolean {
  return useConfig().data?.mode === 'demo';
}

export function useAreaCodes() {
  return useQuery({
    queryKey: queryKeys.areaCodes,
    queryFn: () => call.configAreaCodes({}, { loading: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
