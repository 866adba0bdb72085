import { useTranslation } from 'react-i18next';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';

export default function OptionTabPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('tabPages.option.title')} back={false}>
      <EmptyState icon={<ClockCircleOutline />} text={t('tabPages.option.empty')} />
    </PageFrame>
  );
}
