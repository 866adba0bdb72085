import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Pull-to-refresh around a page body, with translated prompts. */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.pullToRefresh')}
      canReleaseText={t('common.releaseToRefresh')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
