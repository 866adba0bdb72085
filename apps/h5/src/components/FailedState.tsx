import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { EmptyState } from './EmptyState.tsx';

/** A body whose data could not be fetched: the server's message and a retry. */
export function FailedState({
  error,
  onRetry,
}: {
  error: Error | null | undefined;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState text={error?.message}>
      <Button size="small" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
