import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ArticleBody } from '../../../features/content/ArticleBody.tsx';
import { noticeQuery } from '../../../features/content/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/content/content.css';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';

/** One notice (`?id=`). */
export default function NoticePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const notice = useQuery({ ...noticeQuery(id ?? 0, locale), enabled: id !== null });
  const view = recordView(id, notice);
  return (
    <PageFrame title={t('content.notice')}>
      {notice.data ? (
        <article className="hx-article">
          <h1 className="hx-article-title" data-testid={TID.content.noticeTitle}>
            {notice.data.title}
          </h1>
          <div className="hx-article-meta">{formatTime(notice.data.published_at, locale)}</div>
          <ArticleBody text={notice.data.body} testId={TID.content.noticeBody} />
        </article>
      ) : (
        <RecordUnavailable
          view={view}
          query={notice}
          notFound={{
            title: t('content.notFound'),
            backTo: '/pages/notice/index',
            backLabel: t('missing.toNotices'),
          }}
        />
      )}
    </PageFrame>
  );
}
