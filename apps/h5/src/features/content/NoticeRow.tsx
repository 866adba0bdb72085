import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NoticeItem } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import { noticePath } from './paths.ts';

/** One notice in a list: title, summary, date; pinned ones are marked. */
export function NoticeRow({ notice }: { notice: NoticeItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  return (
    <button
      type="button"
      className="hx-content-card"
      data-testid={TID.content.notice(notice.id)}
      onClick={() => navigate(noticePath(notice.id))}
    >
      <span className="hx-content-card-title">
        {notice.pinned && <span className="hx-content-pin">{t('content.pinned')}</span>}
        {notice.title}
      </span>
      <span className="hx-content-card-text">{notice.summary}</span>
      <span className="hx-content-card-meta">
        {formatTime(notice.published_at, locale, 'date')}
      </span>
    </button>
  );
}
