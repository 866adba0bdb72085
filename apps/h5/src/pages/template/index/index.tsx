import { useTranslation } from 'react-i18next';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';

export default function FinanceTabPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('tabPages.finance.title')} back={false}>
      <EmptyState icon={<PieOutline />} text={t('tabPages.finance.empty')} />
    </PageFrame>
  );
}
