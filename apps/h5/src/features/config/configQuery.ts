import type { AppConfig } from '@hx/protocol';
import { apiGet } from '../../api/http.ts';

/**
 * The server's settings: apart from the hooks so the app's entry can ask for them at start
 * without loading React Query's hooks on the first page.
 */
export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: () => apiGet<AppConfig>('config', undefined, { loading: false, toast: false }),
  staleTime: 5 * 60_000,
};
