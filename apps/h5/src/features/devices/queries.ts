import { queryOptions } from '@tanstack/react-query';
import { LOGIN_METHODS, LOGIN_RESULTS, type LoginHistoryItem } from '@hx/protocol';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';

export const sessionsQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.sessionsOf(token),
    queryFn: () => call.deviceSessions(undefined, { loading: false }),
    enabled: Boolean(token),
  });

/** Logs another device out at once. */
export const revokeDevice = (id: Input<'deviceRevoke'>['id']) => call.deviceRevoke({ id });

/** Logs every other device out at once; answers how many. */
export const revokeOtherDevices = () => call.deviceRevokeOthers(undefined);

/** A login attempt with a key for the list (attempts have no id of their own). */
export type HistoryLine = LoginHistoryItem & { id: number };

export async function fetchLoginHistory(page: number, limit: number) {
  const answer = await call.deviceLoginHistory({ page, limit }, { loading: false });
  return {
    ...answer,
    list: answer.list.map((item, i) => ({ ...item, id: (page - 1) * limit + i })),
  };
}

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

/** Results and methods the app has words for; a newer server's others show as they are. */
export const isKnownResult = isOneOf(LOGIN_RESULTS);
export const isKnownMethod = isOneOf(LOGIN_METHODS);
