import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { countdown, percent, priceText } from '../../../features/options/calc.ts';
import { ResultTag, TypeTag } from '../../../features/options/OrderItem.tsx';
import { optionDetailQuery } from '../../../features/options/queries.ts';
import { useNow } from '../../../features/options/useNow.ts';
import { useLocale } from '../../../i18n/index.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { formatTime } from '../../../lib/date.ts';
import { TID } from '../../../testids.ts';
import '../../../features/options/options.css';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="hx-option-detail-row">
      <span>{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </div>
  );
}

/**
 * One option order: the recorded opening and closing prices with the times they were recorded,
 * the purchase and delivery times, the result and the profit or loss.
 */
export default function OptionDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useQuery({
    ...optionDetailQuery(id ?? 0),
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 2_000 : false),
  });
  const order = detail.data;
  const view = recordView(id, detail);
  const now = useNow(order?.status === 'open');
  // With milliseconds: the recorded tick times are exact, and delivery compares against them.
  const time = (ms: number | null) =>
    ms === null ? '--' : `${formatTime(ms, locale)}.${String(ms % 1000).padStart(3, '0')}`;

  return (
    <PageFrame title={t('options.detailTitle')}>
      {!order ? (
        <RecordUnavailable
          view={view}
          query={detail}
          notFound={{
            title: t('options.notFound'),
            backTo: '/pages/option/detail2',
            backLabel: t('missing.toOptions'),
          }}
          loading={
            <div className="hx-chart-pending">
              <span className="hx-spinner" />
            </div>
          }
        />
      ) : (
        <>
          <section className="hx-option-detail" data-testid={TID.options.detail}>
            <div className="hx-option-detail-head">
              <strong>{order.symbol.replace(/USDT$/, '/USDT')}</strong>
              <TypeTag type={order.type} />
              <span className="hx-option-order-side">
                {order.status === 'open' ? (
                  <span className="hx-option-countdown" data-testid={TID.options.countdown}>
                    {countdown(order.settle_time, now)}
                  </span>
                ) : (
                  <ResultTag order={order} />
                )}
              </span>
            </div>
            <Row label={t('options.amount')}>
              {order.number} {order.currency}
            </Row>
            <Row label={t('options.period')}>{order.seconds}s</Row>
            <Row label={t('options.payoutRate')}>{percent(order.profit_rate, locale)}</Row>
            <Row label={t('options.openPrice')} testId={TID.options.openPrice}>
              {priceText(order.open_price, locale)}
            </Row>
            <Row label={t('options.openTime')}>{time(order.open_time)}</Row>
            <Row label={t('options.purchaseTime')}>{time(order.created_at)}</Row>
            <Row label={t('options.deliveryTime')}>{time(order.settle_time)}</Row>
            <Row label={t('options.closePrice')} testId={TID.options.closePrice}>
              {order.close_price === null
                ? t('options.pending')
                : priceText(order.close_price, locale)}
            </Row>
            <Row label={t('options.closeTime')}>{time(order.close_time)}</Row>
            {order.close_sources && (
              <Row label={t('options.closeSources')}>
                {order.close_sources
                  .map(
                    (s) =>
                      `${s.venue} ${s.price === null ? '--' : priceText(s.price, locale)}` +
                      (s.used ? '' : ` (${t('options.sourceLeftOut')})`),
                  )
                  .join(' · ')}
              </Row>
            )}
            <Row label={t('options.profit')} testId={TID.options.profit}>
              {order.profit === null
                ? '--'
                : `${order.result === 'win' ? '+' : ''}${order.profit} ${order.currency}`}
            </Row>
          </section>
          <p className="hx-option-detail-note">{t('options.recordedNote')}</p>
        </>
      )}
    </PageFrame>
  );
}
