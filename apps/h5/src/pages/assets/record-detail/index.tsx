import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { InfoList } from '../../../features/wallet/InfoList.tsx';
import { useRecordDetail } from '../../../features/wallet/queries.ts';
import { useSignedAmount } from '../../../features/wallet/useRecordAmount.ts';
import { RecordStateTag } from '../../../features/wallet/RecordLine.tsx';
import { recordRows } from '../../../features/wallet/recordRows.tsx';
import {
  amountClass,
  isMove,
  isRecordKind,
  recordPath,
  recordSubtitle,
  recordTitle,
} from '../../../features/wallet/records.ts';
import { useLocale } from '../../../i18n/index.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/**
 * One asset record (`?kind=withdraw&id=12`): what it was, the amount with its sign, its state,
 * the reason of a rejection, and every fact its own table keeps (fees, prices, addresses, ids).
 */
export default function RecordDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signed = useSignedAmount();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const id = isRecordKind(kind) ? idParam(params.get('id')) : null;
  const query = useRecordDetail(kind, id);
  const view = recordView(id, query);
  const d = view === 'found' ? query.data : undefined;
  const subtitle = d ? recordSubtitle(t, d) : null;

  return (
    <PageFrame title={t('records.detail.title')}>
      <Refreshable onRefresh={() => query.refetch()}>
        <RecordUnavailable
          view={view}
          query={query}
          notFound={{
            title: t('records.notFound'),
            backTo: '/pages/assets/record',
            backLabel: t('records.toRecords'),
          }}
        />
        {d && (
          <div className="hx-form hx-record-detail">
            <div className="hx-record-detail-head">
              <p className="hx-record-detail-title">
                {recordTitle(t, d)}
                {subtitle && <span className="hx-record-sub">{subtitle}</span>}
              </p>
              <p className={amountClass(d)} data-testid={TID.records.detail.amount}>
                {signed(d.amount, d.currency_id, isMove(d))} {d.coin}
              </p>
              {d.counter && (
                <p className="hx-record-meta">
                  {signed(d.counter.amount, d.counter.currency_id)} {d.counter.coin}
                </p>
              )}
              <RecordStateTag item={d} testId={TID.records.detail.status} />
            </div>
            {(d.state === 'confirming' || d.state === 'dropped') && (
              <p className="hx-form-hint" data-testid={TID.records.detail.chainNote}>
                {d.state === 'confirming'
                  ? t('records.confirmingNote', {
                      required: d.chain_confirmations?.required ?? '',
                    })
                  : t('records.droppedNote')}
              </p>
            )}
            {d.state === 'rejected' && d.reason && (
              <div className="hx-form-error" data-testid={TID.records.detail.reason}>
                {t('money.reason', { reason: d.reason })}
              </div>
            )}
            <InfoList rows={recordRows(d, { t, locale, signed })} />
            {d.source && (
              <button
                type="button"
                className="hx-link-button hx-record-source"
                onClick={() => void navigate(recordPath(d.source!.kind, d.source!.id))}
                data-testid={TID.records.detail.source}
              >
                {t('records.detail.source', { kind: t(`records.kinds.${d.source.kind}`) })}
              </button>
            )}
            {d.kind === 'withdraw' && d.state === 'review' && (
              <p className="hx-form-hint">{t('withdraw.arrival')}</p>
            )}
          </div>
        )}
      </Refreshable>
    </PageFrame>
  );
}
