import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { KycState, ReviewState } from '@hx/protocol';

const COLORS = {
  review: 'warning',
  passed: 'success',
  verified: 'success',
  rejected: 'danger',
  unverified: 'default',
} as const;

/** A review state (deposits, withdrawals) or a KYC state as a coloured tag. */
export function StatusTag({ status, testId }: { status: ReviewState | KycState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid={testId} data-status={status}>
      {t(`money.status.${status}`)}
    </Tag>
  );
}
