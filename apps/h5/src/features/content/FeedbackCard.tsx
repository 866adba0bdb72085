import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FeedbackItem } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';

const STATUS_COLOR = { open: 'warning', replied: 'success', closed: 'default' } as const;

/** One feedback the user sent, with support's replies under it. */
export function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hx-content-card hx-feedback" data-testid={TID.content.feedbackItem(item.id)}>
      <div className="hx-feedback-top">
        <span className="hx-content-card-meta">{formatTime(item.created_at, locale)}</span>
        <Tag color={STATUS_COLOR[item.status]} fill="outline">
          {t(`content.status.${item.status}`)}
        </Tag>
      </div>
      <p className="hx-feedback-body">{item.body}</p>
      {item.images.length > 0 && (
        <span className="hx-content-card-meta">
          {t('content.images', { count: item.images.length })}
        </span>
      )}
      {item.replies.map((reply) => (
        <div key={reply.id} className="hx-feedback-reply" data-testid={TID.content.feedbackReply}>
          <div className="hx-feedback-reply-head">
            {t('content.supportReply')}
            {item.unread && <span className="hx-help-badge">{t('content.new')}</span>}
            <span className="hx-content-card-meta">{formatTime(reply.created_at, locale)}</span>
          </div>
          <p>{reply.body}</p>
        </div>
      ))}
    </div>
  );
}
