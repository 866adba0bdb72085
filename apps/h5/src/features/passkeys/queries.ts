import { queryOptions } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export const passkeysQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.passkeysOf(token),
    queryFn: () => call.passkeyList(undefined, { loading: false }),
    enabled: Boolean(token),
  });

/**
 * The browser's options for making a new passkey (a fresh challenge from the server), for the
 * authenticator's code while 2FA is on, the login password otherwise.
 */
export const passkeyOptions = (proof: Input<'passkeyOptions'>) => call.passkeyOptions(proof);

/** Hands the browser's new passkey to the server under `name`. */
export const addPasskey = (name: string, response: string) => call.passkeyAdd({ name, response });

/** Removes a passkey: it can no longer log in. */
export const deletePasskey = (id: Input<'passkeyDelete'>['id']) => call.passkeyDelete({ id });
