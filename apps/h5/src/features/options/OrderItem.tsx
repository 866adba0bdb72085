import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OptionOrder } from '@hx/protocol';
import { TID } from '../../testids.ts';
import { useLocale } from '../../i18n/index.ts';
import { countdown, priceText } from './calc.ts';

const RESULT_COLORS = { win: 'success', lose: 'danger', refund: 'default' } as const;

export function TypeTag({ type }: { type: OptionOrder['type'] }) {
  const { t } = useTranslation();
  return (
    <span className={`hx-option-type hx-option-type--${type}`}>{t(`options.types.${type}`)}</span>
  );
}

export function ResultTag({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  if (!order.result) return null;
  return (
    <Tag color={RESULT_COLORS[order.result]} fill="outline" data-testid={TID.options.result}>
      {t(`options.results.${order.result}`)}
    </Tag>
  );
}

/** One order in the open or history list; opens the detail page. */
export function OrderItem({ order, now }: { order: OptionOrder; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = order.status === 'open';
  return (
    <Link
      to={`/pages/option/detail?id=${order.id}`}
      className="hx-option-order"
      data-testid={TID.options.order(order.id)}
    >
      <div className="hx-option-order-head">
        <span className="hx-option-order-symbol">{order.symbol.replace(/USDT$/, '/USDT')}</span>
        <TypeTag type={order.type} />
        <span className="hx-option-order-side">
          {open ? (
            <span className="hx-option-countdown" data-testid={TID.options.countdown}>
              {countdown(order.settle_time, now)}
            </span>
          ) : (
            <ResultTag order={order} />
          )}
        </span>
      </div>
      <div className="hx-option-order-grid">
        <span>{t('options.amount')}</span>
        <span>{t('options.openPrice')}</span>
        <span>{open ? t('options.period') : t('options.closePrice')}</span>
        <strong>
          {order.number} {order.currency}
        </strong>
        <strong>{priceText(order.open_price, locale)}</strong>
        <strong>{open ? `${order.seconds}s` : priceText(order.close_price, locale)}</strong>
      </div>
      {!open && order.profit !== null && (
        <div className="hx-option-order-profit">
          {t('options.profit')}:{' '}
          <strong
            className={
              order.profit.startsWith('-')
                ? 'hx-option-loss'
                : order.result === 'win'
                  ? 'hx-option-gain'
                  : undefined
            }
          >
            {order.result === 'win' ? '+' : ''}
            {order.profit} {order.currency}
          </strong>
        </div>
      )}
    </Link>
  );
}
