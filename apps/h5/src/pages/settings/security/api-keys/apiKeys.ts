import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../api/http.ts';
import { queryKeys } from '../../../../cache/queryKeys.ts';

/** `read`, or `read,trade`: what a program signing with the key may do. */
export type KeyPermissions = 'read' | 'read,trade';

export interface ApiKeyItem {
  id: number;
  label: string;
  key: string;
  permissions: KeyPermissions;
  ips: string[];
  created_at: number;
  last_used_at: number | null;
}

/** The answer to creating a key: the only time its secret is seen. */
export interface NewApiKey {
  id: number;
  key: string;
  secret: string;
}

export const apiKeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.apiKeys, token],
    queryFn: () => apiGet<{ list: ApiKeyItem[] }>('user/api_keys', undefined, { loading: false }),
    enabled: Boolean(token),
  });
