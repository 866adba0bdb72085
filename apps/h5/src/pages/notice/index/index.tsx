import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { NoticeRow } from '../../../features/content/NoticeRow.tsx';
import { fetchNotices } from '../../../features/content/queries.ts';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { useLocale } from '../../../i18n/index.ts';
import '../../../features/wallet/money.css';
import '../../../features/content/content.css';

/** Every notice, pinned first, then newest first. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  return (
    <PageFrame title={t('content.notices')}>
      <Refreshable
        onRefresh={() => queryClient.refetchQueries({ queryKey: queryKeys.notices(locale) })}
      >
        <PagedList
          queryKey={queryKeys.notices(locale)}
          fetchPage={fetchNotices}
          renderItem={(notice) => <NoticeRow notice={notice} />}
          empty={t('content.noNotices')}
        />
      </Refreshable>
    </PageFrame>
  );
}
