import { queryOptions } from '@tanstack/react-query';
import { call, type Input, type Result } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export type ApiKeyItem = Result<'apiKeyList'>['list'][number];

/** `read`, or `read,trade`: what a program signing with the key may do. */
export type KeyPermissions = ApiKeyItem['permissions'];

/** How a key signs: with the secret shown once (HMAC), or with the user's own Ed25519 key. */
export type KeyKind = ApiKeyItem['kind'];

/** The answer to creating a key: the only time its secret is seen (none for an Ed25519 key). */
export type NewApiKey = Result<'apiKeyCreate'>;

export const apiKeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.apiKeysOf(token),
    queryFn: () => call.apiKeyList(undefined, { loading: false }),
    enabled: Boolean(token),
  });

/** Makes a key; a refusal is shown in the sheet, not as a toast. */
export const createApiKey = (body: Input<'apiKeyCreate'>) =>
  call.apiKeyCreate(body, { toast: false });

/** Deletes a key: requests signed with it stop at once. */
export const deleteApiKey = (id: Input<'apiKeyDelete'>['id']) => call.apiKeyDelete({ id });
