import Badge from 'antd-mobile/es/components/badge';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session-store.ts';
import { TID } from '../../testids.ts';
import { badgeText } from './links.ts';
import { useUnread } from './queries.ts';
import './notifications.css';

export const CENTRE_PATH = '/pages/notifications/index';

/** The top bar's bell: opens the notification centre; the badge counts the unread. Logged in only. */
export function Bell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const unread = useUnread();
  if (!session) return null;
  const text = badgeText(unread);
  return (
    <button
      type="button"
      className="hx-icon-button hx-bell"
      aria-label={
        text ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')
      }
      data-testid={TID.notifications.bell}
      onClick={() => navigate(CENTRE_PATH)}
    >
      {text ? (
        <Badge content={text} data-testid={TID.notifications.badge}>
          <BellOutline />
        </Badge>
      ) : (
        <BellOutline />
      )}
    </button>
  );
}
