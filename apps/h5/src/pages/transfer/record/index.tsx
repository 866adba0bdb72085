import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { fetchTransfers } from '../../../features/wallet/queries.ts';
import { TransferItem } from '../../../features/wallet/RecordItems.tsx';
import type { TransferRecord } from '../../../features/wallet/types.ts';
import '../../../features/wallet/styles.ts';

/** The user's transfers between sub-accounts, newest first. */
export default function TransferRecordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <PageFrame title={t('transfer.records')}>
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.records, type: 'active' })
        }
      >
        <PagedList<TransferRecord>
          queryKey={queryKeys.transfers}
          fetchPage={fetchTransfers}
          renderItem={(item) => <TransferItem item={item} />}
          empty={t('transfer.empty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
