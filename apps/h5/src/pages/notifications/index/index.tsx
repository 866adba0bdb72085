import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { NotificationRow } from '../../../features/notifications/NotificationRow.tsx';
import {
  fetchNotifications,
  markRead,
  setUnread,
  useLatest,
} from '../../../features/notifications/queries.ts';
import type { AppNotification } from '../../../features/notifications/types.ts';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/notifications/notifications.css';

/**
 * The notification centre: the user's notifications, newest first, in the app's language;
 * tapping one marks it read and opens what it is about. New ones arrive over the socket (the
 * shell refetches this list).
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const latest = useLatest();
  const unread = latest?.unread ?? 0;

  const open = (item: AppNotification, to: string | null) => {
    if (!item.read) void markRead(queryClient, [item.id]);
    if (to) navigate(to);
  };

  return (
    <PageFrame title={t('notifications.title')}>
      {/* The count once known, and only when there is something to count. */}
      {Boolean(latest?.total) && (
        <div className="hx-notices-bar">
          <span data-testid={TID.notifications.unreadCount}>
            {unread > 0
              ? t('notifications.unreadCount', { count: unread })
              : t('notifications.allRead')}
          </span>
          {unread > 0 && (
            <button
              type="button"
              className="hx-link-button"
              data-testid={TID.notifications.markAll}
              onClick={() => void markRead(queryClient, null)}
            >
              {t('notifications.markAll')}
            </button>
          )}
        </div>
      )}
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.notifications, type: 'active' })
        }
      >
        <PagedList<AppNotification>
          queryKey={queryKeys.notificationList(locale)}
          fetchPage={async (page, limit) => {
            const result = await fetchNotifications(page, limit);
            setUnread(queryClient, result.unread);
            return result;
          }}
          renderItem={(item) => <NotificationRow item={item} onOpen={open} />}
          empty={t('notifications.empty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
