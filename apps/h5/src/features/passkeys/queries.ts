import { queryOptions } from '@tanstack/react-query';
import type { PasskeyList } from '@hx/contracts';
import { apiGet } from '../../api/http.ts';

export const passkeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['passkeys', token],
    queryFn: () => apiGet<PasskeyList>('user/passkeys', undefined, { loading: false }),
    enabled: Boolean(token),
  });
