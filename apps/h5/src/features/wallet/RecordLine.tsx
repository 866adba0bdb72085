import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import './records.css';
import { useSignedAmount } from './useRecordAmount.ts';
import {
  amountClass,
  isMove,
  recordPath,
  recordSubtitle,
  recordTitle,
  stateLabel,
  stateTone,
  type RecordItem,
} from './records.ts';

/** A record's state as a tag (the list and the detail page). */
export function RecordStateTag({ item, testId }: { item: RecordItem; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={stateTone(item.state)} fill="outline" data-testid={testId} data-state={item.state}>
      {stateLabel(t, item)}
    </Tag>
  );
}

/** One user action in the records list; opens its detail. */
export function RecordLine({ item }: { item: RecordItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signed = useSignedAmount();
  const subtitle = recordSubtitle(t, item);
  return (
    <button
      type="button"
      className="hx-record hx-record--link"
      onClick={() => void navigate(recordPath(item.kind, item.id))}
      data-testid={TID.records.item(item.kind, item.id)}
    >
      <div className="hx-record-line">
        <span className="hx-record-title">
          {recordTitle(t, item)}
          {subtitle && <span className="hx-record-sub">{subtitle}</span>}
        </span>
        <span className={amountClass(item)}>
          {signed(item.amount, item.currency_id, isMove(item))} {item.coin}
        </span>
      </div>
      {item.counter && (
        <div className="hx-record-line hx-record-meta">
          <span />
          <span className="hx-record-counter">
            {signed(item.counter.amount, item.counter.currency_id)} {item.counter.coin}
          </span>
        </div>
      )}
      <div className="hx-record-line hx-record-meta">
        <span className="hx-record-time">{formatTime(item.at, locale)}</span>
        <span className="hx-record-state">
          {item.confirmations && (
            <span data-testid={TID.records.confirmations(item.kind, item.id)}>
              {t('records.confirmations', item.confirmations)}
            </span>
          )}
          <RecordStateTag item={item} testId={TID.records.status(item.kind, item.id)} />
        </span>
      </div>
    </button>
  );
}
