import { configRoutes, splitRoute } from '@hx/protocol';
import type { Result } from '../../api/call.ts';
import { apiGet } from '../../api/http.ts';

/**
 * The server's settings: apart from the hooks so the app's entry can ask for them at start
 * without loading React Query's hooks on the first page. The entry reaches `configApp` through
 * its own domain's routes rather than `call()`, which would bring the whole route table into the
 * first page; path and answer come from the table all the same.
 */
export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: () =>
    apiGet<Result<'configApp'>>(splitRoute(configRoutes.configApp).path, undefined, {
      loading: false,
      toast: false,
    }),
  staleTime: 5 * 60_000,
};
