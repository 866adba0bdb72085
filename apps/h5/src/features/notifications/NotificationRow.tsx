import { useTranslation } from 'react-i18next';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import { linkOf } from './links.ts';
import type { AppNotification } from './types.ts';

/** One notification of the centre: unread mark, title, time, body; tapping opens its page. */
export function NotificationRow({
  item,
  onOpen,
}: {
  item: AppNotification;
  onOpen: (item: AppNotification, to: string | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = linkOf(item);
  return (
    <button
      type="button"
      className={`hx-record hx-record--link hx-notice-card${item.read ? '' : ' hx-notice-card--unread'}`}
      data-testid={TID.notifications.item(item.id)}
      data-read={item.read}
      onClick={() => onOpen(item, to)}
    >
      <span
        className={item.read ? 'hx-notice-dot hx-notice-dot--read' : 'hx-notice-dot'}
        role={item.read ? undefined : 'img'}
        aria-label={item.read ? undefined : t('notifications.unread')}
        aria-hidden={item.read}
      />
      <span className="hx-notice-main">
        <span className="hx-notice-head">
          <span className="hx-record-title hx-notice-title">{item.title}</span>
          <span className="hx-record-meta hx-record-time">{formatTime(item.at, locale)}</span>
        </span>
        {item.body && <span className="hx-notice-body">{item.body}</span>}
      </span>
      {to && <RightOutline className="hx-notice-arrow" />}
    </button>
  );
}
