import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import { accountLabelKey } from './accounts.ts';
import type { TransferRecord } from './types.ts';
import { useAmount } from './useRecordAmount.ts';

export function TransferItem({ item }: { item: TransferRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAmount();
  return (
    <div className="hx-record" data-testid={TID.records.transfer(item.id)}>
      <div className="hx-record-line">
        <span className="hx-record-title">
          {t(accountLabelKey(item.from))} → {t(accountLabelKey(item.to))}
        </span>
        <span className="hx-record-amount">
          {amount(item.number, item.currency_id)} {item.name}
        </span>
      </div>
      <div className="hx-record-line hx-record-meta">
        <span className="hx-record-time">{formatTime(item.created_at, locale)}</span>
      </div>
    </div>
  );
}
