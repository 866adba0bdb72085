import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { HOME_PATH } from '../lib/redirect.ts';
import { TID } from '../testids.ts';

/** Any route the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('notFound.title')}>
      <EmptyState icon={<QuestionCircleOutline />} text={t('notFound.body')}>
        <Button
          color="primary"
          onClick={() => navigate(HOME_PATH, { replace: true })}
          data-testid={TID.notFoundHome}
        >
          {t('notFound.home')}
        </Button>
      </EmptyState>
    </PageFrame>
  );
}
