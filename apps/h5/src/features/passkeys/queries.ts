import { queryOptions } from '@tanstack/react-query';
import type { PasskeyList } from '@hx/protocol';
import { apiGet } from '../../api/http.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export const passkeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.passkeys, token],
    queryFn: () => apiGet<PasskeyList>('user/passkeys', undefined, { loading: false }),
    enabled: Boolean(token),
  });
