import type { Result } from '../../api/call.ts';
import { apiGet } from '../../api/http.ts';

/**
 * The server's settings: apart from the hooks so the app's entry can ask for them at start
 * without loading React Query's hooks on the first page. The entry reaches `configApp` by its
 * path rather than through `call()`, which would bring the whole route table into the first page
 * (typed from the table all the same).
 */
export const configQuery = {
  queryKey: ['config'] as const,
  queryFn: () => apiGet<Result<'configApp'>>('config', undefined, { loading: false, toast: false }),
  staleTime: 5 * 60_000,
};
