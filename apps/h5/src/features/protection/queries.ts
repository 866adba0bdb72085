import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { useSession } from '../../api/session-store.ts';

export const SECURITY_PATH = '/pages/settings/security/index';
export const WITHDRAW_PROTECTION_PATH = '/pages/settings/security/withdrawProtection';
export const ANTI_PHISHING_PATH = '/pages/settings/security/antiPhishing';
export const AUTHENTICATOR_PATH = '/pages/settings/security/authenticator';
export const PASSKEYS_PATH = '/pages/settings/security/passkeys';
export const DEVICES_PATH = '/pages/settings/security/devices';

export const securityQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.securityOf(token),
    queryFn: () => call.securityState(undefined, { loading: false }),
    enabled: Boolean(token),
  });

/**
 * Which protections are on, asked again each time a page that shows them opens (they change on
 * other pages, and the withdrawal lock and a whitelist switch-off end by the clock).
 */
export function useSecurityState() {
  const token = useSession()?.token;
  return useQuery({ ...securityQuery(token), refetchOnMount: 'always' });
}

/** Sets or changes the anti-phishing phrase; the answer is the new security state. */
export const saveAntiPhishing = (body: Input<'securityAntiPhishing'>) =>
  call.securityAntiPhishing(body);

/** Switches the address whitelist; the answer is the new security state. */
export const switchWhitelist = (body: Input<'securityWhitelist'>) => call.securityWhitelist(body);
