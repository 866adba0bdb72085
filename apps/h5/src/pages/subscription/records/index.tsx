import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SubscriptionItem } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { percent } from '../../../features/subscription/format.ts';
import { fetchSubscriptions } from '../../../features/subscription/queries.ts';
import { InfoList, type InfoRow } from '../../../features/wallet/InfoList.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { StatusTag } from '../../../features/wallet/StatusTag.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/subscription/subscription.css';
import { Segments } from '../../../components/Segments.tsx';

const TABS = ['all', 'review', 'passed', 'rejected'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

/** Exact amounts as sent (at least two places), grouped for the locale. */
const exact = (value: string, locale: ReturnType<typeof useLocale>) =>
  floorFormat(value, Math.max(2, value.split('.')[1]?.length ?? 0), locale);

function RecordCard({ item }: { item: SubscriptionItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const gain = !item.accumulated_return.startsWith('-');
  const rows: InfoRow[] = [
    { label: t('publication.paidIn'), value: `${exact(item.number, locale)} ${item.pay_name}` },
    { label: t('publication.asked'), value: `${exact(item.tokens, locale)} ${item.name}` },
  ];
  if (item.status === 'passed') {
    rows.push(
      {
        label: t('publication.allocated'),
        value: `${exact(item.allocated ?? '0', locale)} ${item.name}`,
        testId: TID.publication.recordAllocated(item.id),
      },
      {
        label: t('publication.refund'),
        value: `${exact(item.refund ?? '0', locale)} ${item.pay_name}`,
      },
      {
        label: t('publication.lockUp'),
        value: item.locked
          ? t('publication.lockedUntil', { time: formatTime(item.unlock_time, locale) })
          : t('publication.unlocked'),
      },
    );
  }
  rows.push(
    {
      label: t('publication.accumulatedReturn'),
      value: (
        <span className={gain ? 'hx-pub-gain' : 'hx-pub-loss'}>
          {exact(item.accumulated_return, locale)} USDT
        </span>
      ),
    },
    { label: t('publication.returnRate'), value: `${percent(item.return_rate)}%` },
    { label: t('publication.subscribedAt'), value: formatTime(item.created_at, locale) },
    { label: t('publication.completedAt'), value: formatTime(item.completed_at, locale) },
  );
  return (
    <div className="hx-record hx-pub-record" data-testid={TID.publication.record(item.id)}>
      <div className="hx-record-line">
        <span className="hx-record-title">{item.name}</span>
        <StatusTag status={item.status} testId={TID.publication.recordStatus(item.id)} />
      </div>
      {item.status === 'rejected' && (
        <div className="hx-pub-rejected" data-testid={TID.publication.recordReason(item.id)}>
          {item.reason && <div>{t('money.reason', { reason: item.reason })}</div>}
          <div>{t('publication.rejectedRefund')}</div>
        </div>
      )}
      <InfoList rows={rows} />
    </div>
  );
}

/**
 * The user's subscriptions: under review until allocation, then passed; or rejected by an
 * operator with the reason (the payment is back in the balance). A decision arrives live: the
 * socket's `balances` event refetches the list (src/cache).
 */
export default function PublicationRecordsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const tab: Tab = isTab(asked) ? asked : 'all';
  return (
    <PageFrame title={t('publication.records')}>
      <div className="hx-records-tabs">
        <Segments
          options={TABS}
          value={tab}
          onChange={(key) => setParams(key === 'all' ? {} : { status: key }, { replace: true })}
          label={(key) => (key === 'all' ? t('publication.all') : t(`money.status.${key}`))}
          testId={TID.publication.recordTab}
        />
      </div>
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.records, type: 'active' })
        }
      >
        <PagedList<SubscriptionItem>
          key={tab}
          queryKey={queryKeys.subscriptionRecords(tab)}
          fetchPage={(page, limit) => fetchSubscriptions(tab, page, limit)}
          renderItem={(item) => <RecordCard item={item} />}
          empty={t('publication.noRecords')}
        />
      </Refreshable>
    </PageFrame>
  );
}
