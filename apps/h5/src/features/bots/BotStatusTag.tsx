import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Bot } from './runs.ts';

/** Running or stopped, as a tag (the colours of the money pages' review states). */
export function BotStatusTag({ status, testId }: { status: Bot['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={status === 'running' ? 'success' : 'default'}
      fill="outline"
      data-testid={testId}
      data-status={status}
    >
      {t(`bots.status.${status}`)}
    </Tag>
  );
}
