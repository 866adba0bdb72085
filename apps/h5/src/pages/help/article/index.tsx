import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ArticleBody } from '../../../features/content/ArticleBody.tsx';
import { helpArticleByCodeQuery, helpArticleQuery } from '../../../features/content/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/content/content.css';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';

/** One help article (`?id=` or `?code=`), with a way to ask when it did not help. */
export default function HelpArticlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  // Or `?code=`: other pages link to an article by its stable code.
  const code = id === null ? (params.get('code')?.trim() ?? '') : '';
  const byId = useQuery({ ...helpArticleQuery(id ?? 0, locale), enabled: id !== null });
  const byCode = useQuery({ ...helpArticleByCodeQuery(code, locale), enabled: code !== '' });
  const article = code ? byCode : byId;
  const view = recordView(code || id, article);
  return (
    <PageFrame title={t('content.helpCenter')}>
      {article.data ? (
        <article className="hx-article">
          <div className="hx-article-category">{article.data.category_name}</div>
          <h1 className="hx-article-title" data-testid={TID.content.articleTitle}>
            {article.data.title}
          </h1>
          <div className="hx-article-meta">
            {t('content.updated', { date: formatTime(article.data.updated_at, locale, 'date') })}
          </div>
          <ArticleBody text={article.data.body} testId={TID.content.articleBody} />
          <div className="hx-article-more">
            <p>{t('content.stillNeedHelp')}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => navigate('/pages/help-center/feedback')}
            >
              {t('content.entries.feedback')}
            </Button>
          </div>
        </article>
      ) : (
        <RecordUnavailable
          view={view}
          query={article}
          notFound={{
            title: t('content.notFound'),
            backTo: '/pages/help-center/center',
            backLabel: t('missing.toHelp'),
          }}
        />
      )}
    </PageFrame>
  );
}
