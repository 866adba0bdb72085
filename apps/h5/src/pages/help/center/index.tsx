import { useEffect, useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { HelpArticleItem } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { HelpIcon } from '../../../features/content/HelpIcon.tsx';
import { articlePath } from '../../../features/content/paths.ts';
import {
  helpArticlesQuery,
  helpCategoriesQuery,
  unreadFeedbackQuery,
} from '../../../features/content/queries.ts';
import { useUser } from '../../../features/session/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/content/content.css';

const ENTRIES = [
  {
    key: 'chat',
    to: '/pages/help-center/chat',
    label: 'content.entries.chat',
    Icon: MessageOutline,
  },
  {
    key: 'feedback',
    to: '/pages/help-center/feedback',
    label: 'content.entries.feedback',
    Icon: EditSOutline,
  },
  {
    key: 'contact',
    to: '/pages/help-center/contact',
    label: 'content.entries.contact',
    Icon: PhonebookOutline,
  },
] as const;

function ArticleLink({ article }: { article: HelpArticleItem }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-help-article"
      data-testid={TID.content.helpArticle(article.id)}
      onClick={() => navigate(articlePath(article.id))}
    >
      <span className="hx-help-article-text">
        <span className="hx-help-article-title">{article.title}</span>
        <span className="hx-help-article-summary">{article.summary}</span>
      </span>
      <RightOutline className="hx-help-arrow" />
    </button>
  );
}

/** The help centre: search, the ways to reach support, and the articles by category. */
export default function HelpCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const user = useUser();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Search as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const categories = useQuery(helpCategoriesQuery(locale));
  const articles = useQuery(helpArticlesQuery(locale, ''));
  const results = useQuery({ ...helpArticlesQuery(locale, q), enabled: q.length > 0 });
  const unread = useQuery({ ...unreadFeedbackQuery, enabled: Boolean(user) }).data?.count ?? 0;

  const byCategory = (id: number) =>
    (articles.data?.list ?? []).filter((a) => a.category_id === id);

  return (
    <PageFrame title={t('content.helpCenter')}>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: queryKeys.help })}>
        <div className="hx-help-search">
          <SearchBar
            value={typed}
            onChange={setTyped}
            onSearch={(v) => setQ(v.trim())}
            onClear={() => setQ('')}
            placeholder={t('content.searchPlaceholder')}
            data-testid={TID.content.helpSearch}
          />
        </div>
        {q ? (
          <section className="hx-help-section" aria-label={t('content.results')}>
            <h2 className="hx-help-heading">{t('content.resultsFor', { q })}</h2>
            {results.data && results.data.list.length === 0 ? (
              <EmptyState text={t('content.noResults')} />
            ) : (
              results.data?.list.map((a) => <ArticleLink key={a.id} article={a} />)
            )}
          </section>
        ) : (
          <>
            <nav className="hx-help-entries">
              {ENTRIES.map(({ key, to, label, Icon }) => (
                <button
                  key={key}
                  type="button"
                  className="hx-help-entry"
                  data-testid={TID.content.helpEntry(key)}
                  onClick={() => navigate(to)}
                >
                  <Icon className="hx-help-entry-icon" />
                  <span>{t(label)}</span>
                  {key === 'feedback' && unread > 0 && (
                    <span className="hx-help-badge">
                      {t('content.newReplies', { count: unread })}
                    </span>
                  )}
                </button>
              ))}
            </nav>
            {categories.isError && <EmptyState text={categories.error.message} />}
            {categories.data?.map((c) => (
              <section
                key={c.id}
                className="hx-help-section"
                data-testid={TID.content.helpCategory(c.id)}
              >
                <h2 className="hx-help-heading">
                  <HelpIcon name={c.icon} className="hx-help-heading-icon" />
                  {c.name}
                </h2>
                {byCategory(c.id).map((a) => (
                  <ArticleLink key={a.id} article={a} />
                ))}
              </section>
            ))}
          </>
        )}
      </Refreshable>
    </PageFrame>
  );
}
