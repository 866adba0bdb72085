import { useTranslation } from 'react-i18next';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';

export default function TradeTabPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('tabPages.trade.title')} back={false}>
      <EmptyState icon={<HistogramOutline />} text={t('tabPages.trade.empty')} />
    </PageFrame>
  );
}
