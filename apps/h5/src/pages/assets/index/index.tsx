import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';

export default function AssetsTabPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <PageFrame title={t('tabPages.assets.title')} back={false}>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
        <EmptyState icon={<BillOutline />} text={t('tabPages.assets.empty')} />
      </Refreshable>
    </PageFrame>
  );
}
