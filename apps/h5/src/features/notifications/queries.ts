import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { queryClient as appQueryClient } from '../../app/queryClient.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { currentLocale, useLocale } from '../../i18n/index.ts';
import { sessionStore, useSession } from '../../api/session-store.ts';
import { markedRead } from './links.ts';
import type { NotificationPage } from './types.ts';

/**
 * The notification centre over HTTP: the latest few (the bell's count, the toast of a push) and
 * the paged list, both in the app's language (the key holds it: a new language fetches anew).
 */

const quiet = { loading: false, toast: false } as const;
export const LATEST = 5;

// One user's notifications are forgotten when another session starts (or none).
let sessionToken = sessionStore.token();
sessionStore.subscribe(() => {
  const token = sessionStore.token();
  if (token === sessionToken) return;
  sessionToken = token;
  appQueryClient.removeQueries({ queryKey: queryKeys.notifications });
});

export function fetchNotifications(page: number, limit: number): Promise<NotificationPage> {
  return call.notificationList({ page, limit }, quiet);
}

export const latestQuery = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.latestNotificationsIn(locale),
    queryFn: () => fetchNotifications(1, LATEST),
    staleTime: 30_000,
  });

/** The latest few and the counts (undefined for a visitor or until known). */
export function useLatest(): NotificationPage | undefined {
  const session = useSession();
  const locale = useLocale();
  const query = useQuery({ ...latestQuery(locale), enabled: Boolean(session) });
  return session ? query.data : undefined;
}

/** The user's unread count (undefined for a visitor or until known). */
export function useUnread(): number | undefined {
  return useLatest()?.unread;
}

/** Puts a new unread count (and read marks) into every cached list, so the bell follows at once. */
export function applyRead(
  queryClient: QueryClient,
  ids: readonly number[] | null,
  unread: number,
): void {
  queryClient.setQueriesData<NotificationPage>({ queryKey: queryKeys.latestNotifications }, (d) =>
    d ? (markedRead([d], ids, unread)[0] ?? d) : d,
  );
  queryClient.setQueriesData<InfiniteData<NotificationPage>>(
    { queryKey: queryKeys.notificationLists },
    (d) => (d ? { ...d, pages: markedRead(d.pages, ids, unread) } : d),
  );
}

/** The count the server gave, e.g. in a push: the bell shows it before the list is refetched. */
export function setUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueriesData<NotificationPage>({ queryKey: queryKeys.latestNotifications }, (d) =>
    d ? { ...d, unread } : d,
  );
}

/**
 * Marks `ids` read (null: all of the user's), at once on screen and then on the server, whose
 * count is final. If the server cannot be told, the lists are fetched again.
 */
export async function markRead(queryClient: QueryClient, ids: readonly number[] | null) {
  const cached = queryClient.getQueryData<NotificationPage>(latestQuery(currentLocale()).queryKey);
  const guess = ids === null ? 0 : Math.max(0, (cached?.unread ?? ids.length) - ids.length);
  applyRead(queryClient, ids, guess);
  try {
    const { unread } = await call.notificationRead(
      ids === null ? undefined : { ids: ids.join(',') },
      { loading: false },
    );
    applyRead(queryClient, ids, unread);
  } catch {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  }
}
