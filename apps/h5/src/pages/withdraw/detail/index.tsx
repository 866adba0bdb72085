import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { InfoList } from '../../../features/wallet/InfoList.tsx';
import { useDecimalsOf, useWithdrawal } from '../../../features/wallet/queries.ts';
import { StatusTag } from '../../../features/wallet/StatusTag.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { floorFormat } from '../../../lib/number.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { networkName } from '../../../features/wallet/networkName.ts';

export default function WithdrawDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const decimalsOf = useDecimalsOf();
  const query = useWithdrawal(id);
  const view = recordView(id, query);
  const w = query.data;
  const amount = (value: string) =>
    w ? `${floorFormat(value, decimalsOf(w.currency_id), locale)} ${w.name}` : '';

  return (
    <PageFrame title={t('withdraw.detailTitle')}>
      <Refreshable onRefresh={() => query.refetch()}>
        <RecordUnavailable
          view={view}
          query={query}
          notFound={{
            title: t('withdraw.notFound'),
            backTo: '/pages/assets/record?type=withdraw',
            backLabel: t('missing.toWithdrawals'),
          }}
        />
        {w && (
          <div className="hx-form">
            <div className="hx-detail-head">
              <div className="hx-detail-amount">{amount(w.number)}</div>
              <StatusTag status={w.status} testId={TID.withdraw.detailStatus} />
            </div>
            {w.status === 'rejected' && w.reason && (
              <div className="hx-form-error" data-testid={TID.withdraw.detailReason}>
                {t('money.reason', { reason: w.reason })}
              </div>
            )}
            <InfoList
              rows={[
                { label: t('money.coin'), value: `${w.name} · ${networkName(w.name, w.network)}` },
                { label: t('money.amount'), value: amount(w.number) },
                { label: t('withdraw.fee'), value: amount(w.fee) },
                { label: t('withdraw.receive'), value: amount(w.receive) },
                { label: t('withdraw.address'), value: w.address, copy: w.address },
                ...(w.remark ? [{ label: t('withdraw.remark'), value: w.remark }] : []),
                { label: t('withdraw.createdAt'), value: formatTime(w.created_at, locale) },
                { label: t('withdraw.reviewedAt'), value: formatTime(w.reviewed_at, locale) },
              ]}
            />
            {w.status === 'review' && <p className="hx-form-hint">{t('withdraw.arrival')}</p>}
          </div>
        )}
      </Refreshable>
    </PageFrame>
  );
}
