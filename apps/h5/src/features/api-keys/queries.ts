import { queryOptions } from '@tanstack/react-query';
import { call, type Input, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export type ApiKeyItem = Result<'apiKeyList'>['list'][number];

/** `read`, or `read,trade`: what a program signing with the key may do. */
export type KeyPermissions = ApiKeyItem['permissions'];

/** The answer to creating a key: the only time its secret is seen. */
export type NewApiKey = Result<'apiKeyCreate'>;

export const apiKeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.apiKeys, token],
    queryFn: () => call('apiKeyList', undefined, { loading: false }),
    enabled: Boolean(token),
  });

/** Makes a key; a refusal is shown in the sheet, not as a toast. */
export const createApiKey = (body: Input<'apiKeyCreate'>) =>
  call('apiKeyCreate', body, { toast: false });

/** Deletes a key: requests signed with it stop at once. */
export const deleteApiKey = (id: Input<'apiKeyDelete'>['id']) => call('apiKeyDelete', { id });
