import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export const passkeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.passkeys, token],
    queryFn: () => call('passkeyList', undefined, { loading: false }),
    enabled: Boolean(token),
  });
