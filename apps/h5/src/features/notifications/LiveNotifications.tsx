import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../api/toast.ts';
import { usePrivateChannel } from '../../cache/usePrivateChannel.ts';
import { currentLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { pushedOne } from './links.ts';
import { latestQuery, setUnread } from './queries.ts';
import './notifications.css';

/** Pushes this close together make one fetch and one toast (the newest). */
const GATHER_MS = 150;
const TOAST_MS = 4000;

/**
 * Mounted once in the shell (loaded after the first screen): while logged in, listens to the
 * private `notifications` channel. A push updates the bell's count and toasts the new
 * notification's title and body, fetched in the app's language. What its kind changed
 * (balances, orders, positions, KYC...) the data layer refetches (src/cache/channels.ts), missed
 * pushes too (no toast for what was missed).
 */
export function LiveNotifications() {
  const queryClient = useQueryClient();
  const gathered = useRef<{ ids: number[]; timer?: ReturnType<typeof setTimeout> }>({ ids: [] });

  const toastNewest = async () => {
    const ids = gathered.current.ids;
    gathered.current = { ids: [] };
    const latest = await queryClient
      .fetchQuery({ ...latestQuery(currentLocale()), staleTime: 0 })
      .catch(() => undefined);
    const item = latest && pushedOne(latest.list, ids);
    if (!item) return;
    void showToast({
      content: (
        <div className="hx-notify-toast-content" data-testid={TID.notifications.toast}>
          <strong>{item.title}</strong>
          {item.body && <span>{item.body}</span>}
        </div>
      ),
      position: 'top',
      duration: TOAST_MS,
      maskClassName: 'hx-notify-toast',
    });
  };

  usePrivateChannel('notifications', (push) => {
    if (typeof push?.id !== 'number') return;
    if (typeof push.unread === 'number') setUnread(queryClient, push.unread);
    gathered.current.ids.push(push.id);
    gathered.current.timer ??= setTimeout(() => void toastNewest(), GATHER_MS);
  });
  return null;
}
