import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { articleCodePath, MARGIN_ARTICLE } from '../content/paths.ts';
import { helpArticleByCodeQuery } from '../content/queries.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';

/**
 * "How margin and liquidation work": the help centre's article, shown only once it is known to
 * exist (an installation without the seeded help centre gets no dead link).
 */
export function HelpLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  const article = useQuery(helpArticleByCodeQuery(MARGIN_ARTICLE, locale));
  if (!article.data) return null;
  return (
    <Link
      to={articleCodePath(MARGIN_ARTICLE)}
      className="hx-lever-help"
      data-testid={TID.lever.help}
    >
      <QuestionCircleOutline aria-hidden />
      <span>{t('lever.help')}</span>
    </Link>
  );
}
